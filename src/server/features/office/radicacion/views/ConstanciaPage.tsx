import { PrintButton } from '../../../../../views/PrintButton.tsx'
import { OfficePage, type PageContext } from '../../views/OfficeShell.tsx'
import { CONSTANCIA_TRACKING, type Constancia, constanciaMailText, constanciaRows } from '../constancia.ts'
import { REGISTER_PAGE } from '../registerPaths.ts'

/** The constancia as a page: printable, with the link to its PDF. */
export function ConstanciaPage({ ctx, c, pdfUrl }: { ctx: PageContext; c: Constancia; pdfUrl: string }) {
  return (
    <OfficePage ctx={ctx} title={`Constancia ${c.radicado}`}>
      <p className="no-imprimir">
        <a href="/oficina">← Volver a la bandeja</a> · <a href={REGISTER_PAGE}>Radicar otra solicitud</a>
      </p>
      <div className="aviso-formulario aviso-exito no-imprimir" role="status">
        <p className="aviso-texto">{`La solicitud quedó radicada con el número ${c.radicado}. ${constanciaMailText(c)}`}</p>
      </div>
      <article className="constancia">
        <h1>{`Constancia de radicación ${c.radicado}`}</h1>
        <p>{c.entidad}</p>
        <dl className="datos-radicacion">
          {constanciaRows(c).flatMap(([k, val]) => [
            <dt key={`${k}-k`}>{k}</dt>,
            <dd key={`${k}-v`} className="texto-largo">
              {val}
            </dd>,
          ])}
        </dl>
        <p>{CONSTANCIA_TRACKING(c)}</p>
      </article>
      <p className="no-imprimir">
        <a href={pdfUrl} download>
          Descargar constancia (PDF)
        </a>{' '}
        · Para imprimirla use «Imprimir» (o la opción Imprimir del menú del navegador). <PrintButton />
      </p>
      <p className="no-imprimir">
        El código de verificación solo se muestra ahora: la E.S.E. guarda una huella de él, no el código. Entregue esta constancia al ciudadano (impresa, o
        dícteselo si la solicitud llegó por teléfono).
      </p>
    </OfficePage>
  )
}
