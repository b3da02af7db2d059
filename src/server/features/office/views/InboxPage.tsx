import { ESTADO_LABEL, ESTADOS, type Estado } from '../../../../filings/states.ts'
import { dateTime, day, daysLeftText } from '../format.ts'
import type { InboxFilter, InboxItem } from '../inbox.ts'
import { ErrorSummary, Notice, OfficePage, type PageContext } from './OfficeShell.tsx'

/** The inbox: counts by state, the filters, and the filings ordered by due date. */

export interface InboxView {
  items: InboxItem[]
  counts: Record<Estado, number>
  filter: InboxFilter
  forms: Array<{ id: string; titulo: string }>
  tipos: string[]
  errors?: Record<string, string>
  notice?: string
}

/** Business days left in words, never by colour alone; the overdue ones also with a sign. */
function DaysLeft({ item }: { item: InboxItem }) {
  const text = daysLeftText(item, item.vence)
  if (item.vencida)
    return (
      <strong className="vencida">
        <span aria-hidden="true">⚠ </span>
        {text}
      </strong>
    )
  if (item.diasHabilesRestantes !== null && item.diasHabilesRestantes <= 2) return <strong className="por-vencer">{text}</strong>
  return <>{text}</>
}

function InboxRow({ item: i, forms }: { item: InboxItem; forms: InboxView['forms'] }) {
  return (
    <tr className={i.vencida ? 'fila-vencida' : undefined}>
      <th scope="row">
        <a href={`/oficina/radicaciones/${i.radicado}`}>{i.radicado}</a>
      </th>
      <td>{forms.find(x => x.id === i.formulario)?.titulo ?? i.formulario}</td>
      <td>{i.tipo}</td>
      <td>
        {ESTADO_LABEL[i.estado]}
        {i.ampliada && ' '}
        {i.ampliada && <span className="etiqueta">ampliada</span>}
      </td>
      <td>{dateTime(i.recibido)}</td>
      <td>
        <time dateTime={i.vence}>{day(i.vence)}</time>
      </td>
      <td>
        <DaysLeft item={i} />
      </td>
    </tr>
  )
}

type Choice = [value: string, label: string]

function Select({ id, name, label, choices, selected }: { id: string; name: string; label: string; choices: Choice[]; selected: string }) {
  return (
    <label htmlFor={id}>
      {`${label} `}
      <select id={id} name={name} defaultValue={selected}>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

function Filters({ v }: { v: InboxView }) {
  const f = v.filter
  const estados: Choice[] = [['abiertas', 'Abiertas (radicada o en trámite)'], ['todas', 'Todas'], ...ESTADOS.map((s): Choice => [s, ESTADO_LABEL[s]])]
  return (
    <form method="get" action="/oficina" className="filtros" aria-label="Filtros">
      <div className="grid">
        <Select
          id="filtro-formulario"
          name="formulario"
          label="Formulario"
          choices={[['', 'Todos'], ...v.forms.map((x): Choice => [x.id, x.titulo])]}
          selected={f.formulario ?? ''}
        />
        <Select id="filtro-tipo" name="tipo" label="Tipo" choices={[['', 'Todos'], ...v.tipos.map((t): Choice => [t, t])]} selected={f.tipo ?? ''} />
        <Select id="filtro-estado" name="estado" label="Estado" choices={estados} selected={f.estado ?? 'todas'} />
        <label htmlFor="filtro-venceEn">
          {'Vence en ≤ N días hábiles '}
          <input
            id="filtro-venceEn"
            name="venceEn"
            type="number"
            min="0"
            max="999"
            inputMode="numeric"
            defaultValue={f.venceEn ?? ''}
            aria-invalid={v.errors?.venceEn ? true : undefined}
          />
        </label>
      </div>
      <button type="submit">Filtrar</button>
    </form>
  )
}

const COLUMNS = ['Radicado', 'Formulario', 'Tipo', 'Estado', 'Recibido', 'Vence', 'Días hábiles restantes']

export function InboxPage({ ctx, v }: { ctx: PageContext; v: InboxView }) {
  return (
    <OfficePage ctx={ctx} title="Bandeja">
      <h1>Bandeja de radicaciones</h1>
      <Notice text={v.notice} />
      {v.errors && <ErrorSummary message="Revise los filtros" fields={v.errors} idOf={n => `filtro-${n}`} />}
      <section aria-labelledby="titulo-conteo">
        <h2 id="titulo-conteo" className="visualmente-oculto">
          Radicaciones por estado
        </h2>
        <ul className="conteo-estados">
          {ESTADOS.map(s => (
            <li key={s}>
              <a href={`/oficina?estado=${s}`}>
                {ESTADO_LABEL[s]}: <strong>{v.counts[s]}</strong>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <Filters v={v} />
      <table className="bandeja">
        <caption>{`${v.items.length === 1 ? '1 radicación' : `${v.items.length} radicaciones`}, ordenadas por fecha de vencimiento`}</caption>
        <thead>
          <tr>
            {COLUMNS.map(c => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {v.items.map(i => (
            <InboxRow key={i.radicado} item={i} forms={v.forms} />
          ))}
          {v.items.length === 0 && (
            <tr>
              <td colSpan={7}>No hay radicaciones con estos filtros.</td>
            </tr>
          )}
        </tbody>
      </table>
    </OfficePage>
  )
}
