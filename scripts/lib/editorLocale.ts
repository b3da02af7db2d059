/**
 * Decap CMS's Spanish phrases that its own `es` locale lacks (it falls back to English: «Add filas»,
 * «Copy Name», «Toggle preview»). Merged over Decap's `es` in the browser before the CMS starts, so the
 * whole interface is Spanish (docs/decisions/staff-tooling.md). `tests/unit/editor-locale.test.ts` checks that Decap's `es`
 * plus these phrases cover every phrase of its `en`, so a Decap update that adds English phrases fails it.
 */
export const ES_SUPPLEMENT = {
  // Decap's own `es` phrases that speak «tú», say «Oops» or mix «Escoge» and «Elige»: replaced with the formal
  // Spanish of the rest of the site (docs/decisions/staff-tooling.md); tests/unit/editor-formal-spanish.test.ts.
  auth: {
    loginWithAzure: 'Iniciar sesión con Azure',
    loginWithForgejo: 'Iniciar sesión con Forgejo',
    errors: {
      email: 'Escriba su correo electrónico.',
      password: 'Escriba su contraseña.',
      identitySettings: 'No se pudo acceder a la configuración de Identity. Con el servidor git-gateway, habilite los servicios Identity y Git Gateway.',
    },
  },
  collection: {
    sidebar: { allCollections: 'Todas las colecciones', searchIn: 'Buscar en' },
    collectionTop: {
      viewAsList: 'Ver como lista',
      viewAsGrid: 'Ver como cuadrícula',
      searchResults: 'Resultados de la búsqueda de «%{searchTerm}»',
      searchResultsInCollection: 'Resultados de la búsqueda de «%{searchTerm}» en %{collection}',
      filterBy: 'Filtrar por',
      groupBy: 'Agrupar por',
    },
    entries: { unpublishedHeader: 'Entradas sin publicar' },
    groups: { other: 'Otros', negateLabel: 'No %{label}' },
  },
  editor: {
    editorControl: { field: { widgetLabel: 'Campo %{widgetLabel}' } },
    editor: {
      onLeavePage: '¿Seguro que desea salir de esta página? Los cambios sin guardar se pierden.',
      onPublishing: '¿Seguro que desea publicar esta entrada?',
      onPublishingNotReady: 'Cambie el estado a «Listo» antes de publicar.',
      onUnpublishing: '¿Seguro que desea retirar esta entrada?',
      onDeletePublishedEntry: '¿Seguro que desea borrar esta entrada publicada?',
      onDeleteUnpublishedChangesWithUnsavedChanges:
        'Se borrarán todos los cambios no publicados de esta entrada y los cambios sin guardar de esta sesión. ¿Desea borrarlos?',
      onDeleteUnpublishedChanges: 'Se borrarán todos los cambios no publicados de esta entrada. ¿Desea borrarlos?',
    },
    editorControlPane: {
      widget: { invalidPath: '«%{path}» no es una ruta válida', pathExists: 'La ruta «%{path}» ya existe' },
      i18n: {
        writingInLocale: 'Escribiendo en %{locale}',
        copyFromLocale: 'Copiar de otro idioma',
        copyFromLocaleConfirm: '¿Desea copiar los datos del idioma %{locale}?\nSe reemplazará todo el contenido actual.',
      },
    },
    editorInterface: {
      toggleI18n: 'Mostrar u ocultar idiomas',
      togglePreview: 'Mostrar u ocultar la vista previa',
      toggleScrollSync: 'Desplazar juntos',
      toggleNotes: 'Mostrar u ocultar notas',
    },
    editorNotesPane: {
      title: 'Notas',
      emptyState: 'Todavía no hay notas. Escriba la primera abajo.',
      addNote: 'Agregar nota',
      addPlaceholder: 'Escriba una nota…',
      editPlaceholder: 'Modifique su nota…',
      save: 'Guardar',
      cancel: 'Cancelar',
      edit: 'Modificar',
      delete: 'Borrar',
      resolve: 'Marcar como resuelta',
      unresolve: 'Marcar como pendiente',
      confirmDelete: '¿Seguro que desea borrar esta nota?',
      shortcut: 'Consejo: Ctrl+Enter agrega la nota',
    },
    editorToolbar: {
      statusInfoTooltipDraft: 'La entrada está en borrador. Para enviarla a revisión, cambie su estado a «En revisión».',
      statusInfoTooltipInReview: 'La entrada está en revisión; no hace falta nada más. Puede seguir haciendo cambios mientras tanto.',
    },
    editorWidgets: {
      markdown: {
        bold: 'Negrita',
        italic: 'Cursiva',
        strikethrough: 'Tachado',
        code: 'Código',
        link: 'Enlace',
        linkPrompt: 'Escriba la dirección del enlace',
        headings: 'Títulos',
        quote: 'Cita',
        bulletedList: 'Lista con viñetas',
        numberedList: 'Lista numerada',
        addComponent: 'Agregar componente',
        toggleMode: { rich: 'Cambiar a texto con formato', markdown: 'Cambiar a Markdown' },
      },
      image: {
        choose: 'Elija una imagen',
        remove: 'Quitar la imagen',
        chooseDifferent: 'Elija otra imagen',
        chooseMultiple: 'Elija imágenes',
        chooseUrl: 'Insertar desde una dirección web',
        replaceUrl: 'Reemplazar por una dirección web',
        promptUrl: 'Escriba la dirección web de la imagen',
        addMore: 'Agregar más imágenes',
        removeAll: 'Quitar todas las imágenes',
      },
      file: {
        choose: 'Elija un archivo',
        remove: 'Quitar el archivo',
        chooseDifferent: 'Elija otro archivo',
        chooseUrl: 'Insertar desde una dirección web',
        chooseMultiple: 'Elija archivos',
        replaceUrl: 'Reemplazar por una dirección web',
        promptUrl: 'Escriba la dirección web del archivo',
        addMore: 'Agregar más archivos',
        removeAll: 'Quitar todos los archivos',
      },
      datetime: { setToNow: 'Poner %{fieldLabel} en este momento' },
      list: { add: 'Agregar %{item}', addType: 'Agregar %{item}' },
      object: { expand: 'Desplegar', collapse: 'Plegar' },
    },
  },
  mediaLibrary: {
    mediaLibraryCard: { copy: 'Copiar', copyUrl: 'Copiar la dirección', copyPath: 'Copiar la ruta', copyName: 'Copiar el nombre', copied: 'Copiado' },
    mediaLibraryModal: { close: 'Cerrar' },
  },
  ui: {
    errorBoundary: {
      privacyWarning:
        'El informe se abre con el mensaje de error y los datos de depuración ya escritos.\nRevise que la información sea correcta y borre cualquier dato sensible.',
    },
    settingsDropdown: { account: 'Opciones de la cuenta' },
    toast: {
      missingRequiredField: 'No se guardó: corrija las casillas marcadas en rojo (el mensaje está junto a cada una) y vuelva a publicar.',
      noteAdded: 'Nota agregada',
      onFailToAddNote: 'No se pudo agregar la nota: %{details}',
      noteUpdated: 'Nota modificada',
      onFailToUpdateNote: 'No se pudo modificar la nota: %{details}',
      noteDeleted: 'Nota borrada',
      onFailToDeleteNote: 'No se pudo borrar la nota: %{details}',
      noteResolved: 'Nota resuelta',
      noteReopened: 'Nota reabierta',
      onFailToToggleNote: 'No se pudo cambiar el estado de la nota: %{details}',
      onLoggedOut: 'Su sesión terminó: guarde una copia de sus datos e inicie sesión de nuevo',
      onBackendDown: 'El servicio de almacenamiento no está disponible. Vea %{details} para más información',
    },
  },
  workflow: { workflowList: { onPublishEntry: '¿Seguro que desea publicar esta entrada?' } },
} as const
