import type { Problem } from '../problem.ts'
import type { FormDefinition } from '../types.generated.ts'
import { filingFormDefect, filingForms, RESERVED_EXPORTS } from '../filingForms.ts'
import { CONSENT_FIELD, SENSITIVE_CONSENT_FIELD } from '../privacyNotice.ts'
import { problemAt } from '../yamlSource.ts'
import { sectionsOfType, walk, type CrossCheck } from './context.ts'

interface Quiz {
  formulario: string
  clave: string[]
}

function quizQuestions(form: FormDefinition) {
  return form.campos.filter(c => /^pregunta\d+$/.test(c.nombre))
}

/** Why the server does not receive a form that names an endpoint (see filingForms). */
function notServedReason(form: FormDefinition, served: ReturnType<typeof filingForms>): string | undefined {
  if (served.some(f => f.form === form)) return undefined
  if (form.envio === 'navegador') return 'un formulario «envio: navegador» no se envía al servidor; quite «endpoint»'
  const r = form.radicacion
  if (!r) return 'el formulario no tiene el bloque «radicacion» (tipo, serie, nombre, exportacion) que le dice al servidor qué hacer con él'
  if (RESERVED_EXPORTS.includes(r.exportacion)) return `«exportacion: ${r.exportacion}» está reservado (${r.exportacion} ya es una exportación de la oficina)`
  const other = served.find(f => f.endpoint === form.endpoint || f.kind === r.tipo || f.serie === r.serie || f.exportacion === r.exportacion)!
  const what =
    other.endpoint === form.endpoint
      ? 'esa misma dirección'
      : other.kind === r.tipo
        ? `el tipo «${r.tipo}»`
        : other.serie === r.serie
          ? `la serie «${r.serie}»`
          : `el nombre de exportación «${r.exportacion}»`
  return `el formulario «${other.form.id}» ya usa ${what}`
}

/** Checks of form definitions and of the sections that show them. */
export const formChecks: CrossCheck[] = [
  {
    // The server opens a route only for the filing forms of manifest/forms: any other endpoint would post to nowhere.
    name: 'form-endpoint-not-served',
    run: ({ manifest }) => {
      const forms = manifest.forms.map(f => f.data)
      const served = filingForms(forms)
      return manifest.forms.flatMap(form => {
        const { endpoint, radicacion } = form.data
        if (!endpoint) {
          return radicacion
            ? [
                problemAt(
                  form.source,
                  ['radicacion'],
                  '«radicacion» necesita «endpoint»: la dirección de la API que recibe el formulario, por ejemplo /api/pqrs',
                ),
              ]
            : []
        }
        const reason = notServedReason(form.data, served)
        return reason ? [problemAt(form.source, ['endpoint'], `ninguna ruta del servidor recibe «${endpoint}»: ${reason}`)] : []
      })
    },
  },
  {
    // The consent checkbox comes from site.yaml's notice (privacyNotice.ts): without the notice the form would show no notice.
    name: 'privacy-notice',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const written = form.source.data as { avisoPrivacidad?: unknown; campos?: Array<{ nombre?: unknown; sensible?: unknown }> }
        const problems: Problem[] = []
        const own = (written.campos ?? []).findIndex(c => c?.nombre === CONSENT_FIELD)
        if (own >= 0) {
          problems.push(
            problemAt(
              form.source,
              ['campos', own, 'nombre'],
              `«${CONSENT_FIELD}» es la casilla de autorización que agrega «avisoPrivacidad: true»; no la escriba en «campos»`,
            ),
          )
        }
        const ownSensitive = (written.campos ?? []).findIndex(c => c?.nombre === SENSITIVE_CONSENT_FIELD)
        if (ownSensitive >= 0) {
          problems.push(
            problemAt(
              form.source,
              ['campos', ownSensitive, 'nombre'],
              `«${SENSITIVE_CONSENT_FIELD}» es la casilla de datos sensibles que agrega un campo «sensible: true»; no la escriba en «campos»`,
            ),
          )
        }
        // A sensitive field needs the notice: the explicit authorization (Decreto 1377 de 2013, art. 6) is asked beside it.
        const sensitive = (written.campos ?? []).findIndex(c => c?.sensible === true)
        if (sensitive >= 0 && written.avisoPrivacidad === undefined) {
          problems.push(
            problemAt(
              form.source,
              ['campos', sensitive, 'sensible'],
              'un campo con «sensible: true» necesita «avisoPrivacidad» en el formulario: los datos sensibles se piden con el aviso y con su autorización expresa (Decreto 1377 de 2013, art. 6)',
            ),
          )
        }
        if (written.avisoPrivacidad !== undefined && manifest.site && !manifest.site.data.avisoPrivacidad) {
          problems.push(
            problemAt(
              form.source,
              ['avisoPrivacidad'],
              'el formulario muestra el aviso de privacidad, pero manifest/site.yaml no tiene «avisoPrivacidad» (responsable, finalidad, derechos, datos sensibles, política, casilla)',
            ),
          )
        }
        return problems
      }),
  },
  {
    name: 'filing-form-shape',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const defect = filingFormDefect(form.data)
        return defect ? [problemAt(form.source, ['radicacion'], defect)] : []
      }),
  },
  {
    name: 'missing-form',
    run: ({ manifest }) => {
      const forms = new Set(manifest.forms.map(f => f.data.id))
      const problems: Problem[] = []
      for (const page of manifest.pages) {
        for (const { key, value, path } of walk(page.data, [])) {
          if (key === 'formulario' && typeof value === 'string' && !forms.has(value) && !manifest.declared.formIds.has(value)) {
            problems.push(problemAt(page.source, path, `el formulario «${value}» no existe en manifest/forms/`))
          }
        }
      }
      return problems
    },
  },
  {
    name: 'missing-lookup-list',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form =>
        form.data.campos.flatMap((c, i) =>
          c.lista && !manifest.lookups?.data.listas[c.lista]
            ? [problemAt(form.source, ['campos', i, 'lista'], `la lista «${c.lista}» no existe en manifest/forms/lookups.yaml`)]
            : [],
        ),
      ),
  },
  {
    name: 'choice-without-options',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form =>
        form.data.campos.flatMap((c, i) =>
          (c.control === 'select' || c.control === 'radio') && !c.lista && !c.opciones
            ? [problemAt(form.source, ['campos', i], `el campo «${c.nombre}» necesita «lista» u «opciones»`)]
            : [],
        ),
      ),
  },
  {
    // A conditional rule names fields of its own form (docs/decisions/forms.md): otherwise it would silently never apply.
    name: 'rule-unknown-field',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const names = new Set(form.data.campos.map(c => c.nombre))
        return (form.data.reglas ?? []).flatMap((r, i) => [
          ...(['si', 'entonces'] as const).flatMap(part => {
            const campo = r[part].campo
            return campo === undefined || names.has(campo)
              ? []
              : [problemAt(form.source, ['reglas', i, part, 'campo'], `el campo «${campo}» no existe en este formulario`)]
          }),
          ...(r.entonces.ocultar ?? []).flatMap((campo, j) =>
            names.has(campo) ? [] : [problemAt(form.source, ['reglas', i, 'entonces', 'ocultar', j], `el campo «${campo}» no existe en este formulario`)],
          ),
        ])
      }),
  },
  {
    // A conditional requirement names another field of its form and replaces «requerido: true» (docs/decisions/forms.md).
    name: 'conditional-required',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const names = new Set(form.data.campos.map(c => c.nombre))
        return form.data.campos.flatMap((c, i) => {
          if (!c.requeridoSi) return []
          const at = ['campos', i, 'requeridoSi']
          if (c.requerido) return [problemAt(form.source, at, `el campo «${c.nombre}» tiene «requerido: true» y «requeridoSi»: deje solo uno`)]
          const campo = c.requeridoSi.campo
          if (campo === c.nombre || !names.has(campo))
            return [problemAt(form.source, [...at, 'campo'], `«requeridoSi» debe nombrar otro campo de este formulario («${campo}» no lo es)`)]
          return []
        })
      }),
  },
  {
    // Every pattern must compile, in the browser's Unicode mode, or the build's validators would fail.
    name: 'invalid-pattern',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const bad = (pattern: string) => {
          try {
            new RegExp(pattern, 'u')
            return false
          } catch {
            return true
          }
        }
        const problems: Problem[] = []
        form.data.campos.forEach((c, i) => {
          if (c.patron && bad(c.patron))
            problems.push(problemAt(form.source, ['campos', i, 'patron'], `el patrón «${c.patron}» no es una expresión regular válida`))
        })
        ;(form.data.reglas ?? []).forEach((r, i) => {
          if (r.entonces.patron !== undefined && bad(r.entonces.patron))
            problems.push(problemAt(form.source, ['reglas', i, 'entonces', 'patron'], `el patrón «${r.entonces.patron}» no es una expresión regular válida`))
        })
        return problems
      }),
  },
  {
    // The answer key must give one answer per question, or the quiz could never be passed.
    name: 'quiz-key-length',
    run: ({ manifest }) => {
      const problems: Problem[] = []
      for (const { page, path, section } of sectionsOfType<Quiz>(manifest, 'evaluacion')) {
        const form = manifest.forms.find(f => f.data.id === section.formulario)?.data
        if (!form) continue
        const questions = quizQuestions(form)
        if (section.clave.length !== questions.length) {
          problems.push(
            problemAt(
              page.source,
              [...path, 'clave'],
              `la clave tiene ${section.clave.length} respuesta(s) y el formulario «${form.id}» tiene ${questions.length} pregunta(s)`,
            ),
          )
        }
      }
      return problems
    },
  },
  {
    // Each answer must be an offered option of its question.
    name: 'quiz-answer-not-an-option',
    run: ({ manifest }) => {
      const problems: Problem[] = []
      for (const { page, path, section } of sectionsOfType<Quiz>(manifest, 'evaluacion')) {
        const form = manifest.forms.find(f => f.data.id === section.formulario)?.data
        if (!form) continue
        section.clave.forEach((answer, i) => {
          const q = form.campos.find(c => c.nombre === `pregunta${i + 1}`)
          if (q && !(q.opciones ?? []).some(o => o.valor === answer)) {
            problems.push(problemAt(page.source, [...path, 'clave', i], `la respuesta «${answer}» no es una opción de la pregunta ${i + 1}`))
          }
        })
      }
      return problems
    },
  },
  {
    // A form's terms (the office's legal deadlines) depend on a list field of the form.
    name: 'terms-by-type-without-field',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const terms = form.data.terminos
        return terms?.porTipo?.length && !terms.campoTipo
          ? [problemAt(form.source, ['terminos', 'porTipo'], '«porTipo» necesita «campoTipo»: el campo que dice el tipo de solicitud')]
          : []
      }),
  },
  {
    name: 'terms-field-not-a-list',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const terms = form.data.terminos
        if (!terms?.campoTipo) return []
        const field = form.data.campos.find(c => c.nombre === terms.campoTipo)
        return !field?.lista ? [problemAt(form.source, ['terminos', 'campoTipo'], `«${terms.campoTipo}» no es un campo de lista de este formulario`)] : []
      }),
  },
  {
    name: 'terms-unknown-type',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const terms = form.data.terminos
        const field = terms?.campoTipo ? form.data.campos.find(c => c.nombre === terms.campoTipo) : undefined
        if (!field?.lista) return []
        const ids = new Set((manifest.lookups?.data.listas[field.lista] ?? []).map(o => o.id))
        return (terms!.porTipo ?? []).flatMap((t, i) =>
          ids.has(t.tipo) ? [] : [problemAt(form.source, ['terminos', 'porTipo', i, 'tipo'], `el tipo ${t.tipo} no existe en la lista «${field.lista}»`)],
        )
      }),
  },
  {
    name: 'terms-repeated-type',
    run: ({ manifest }) =>
      manifest.forms.flatMap(form => {
        const terms = form.data.terminos
        const field = terms?.campoTipo ? form.data.campos.find(c => c.nombre === terms.campoTipo) : undefined
        if (!field?.lista) return []
        const seen = new Set<number>()
        return (terms!.porTipo ?? []).flatMap((t, i) => {
          const repeated = seen.has(t.tipo)
          seen.add(t.tipo)
          return repeated ? [problemAt(form.source, ['terminos', 'porTipo', i, 'tipo'], `el tipo ${t.tipo} está repetido`)] : []
        })
      }),
  },
]
