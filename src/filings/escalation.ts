import type { Estado } from './states.ts'
import { isOverdue } from './termStatus.ts'

/**
 * When and how a citizen may go to the Superintendencia Nacional de Salud
 * (checklist item 126): the body that inspects, watches
 * over and controls health-service providers such as the E.S.E., and
 * receives citizens' PQRD about health care. The PQRSD pages explain it in
 * full; the answer texts (the e-mail with the office's answer and the
 * tracking page's answer block) repeat it at the moment it matters: once
 * answered, or once the term has passed with no answer. The phone comes
 * from site.yaml (`contacto.telefonos.supersalud`), never from here.
 */

/** Where the Superintendencia receives PQRD online. */
export const SUPERSALUD_URL = 'https://www.supersalud.gov.co'

export type EscalationCase = 'respondida' | 'vencida'

/** The escalation paragraph for an answered filing, or one whose term passed unanswered. `phone` as displayed (site.yaml). */
export function escalationText(escalation: EscalationCase, radicado: string, phone: string | undefined): string {
  const how = `en línea, en www.supersalud.gov.co${phone ? `, o por teléfono, al ${phone}` : ''}`
  const keep = `Tenga a mano el número de radicado ${radicado}: la Superintendencia se lo pedirá.`
  return escalation === 'respondida'
    ? `Si esta respuesta no resuelve su queja o reclamo sobre la atención en salud (acceso, oportunidad, calidad o trato), puede acudir a la Superintendencia Nacional de Salud, que vigila a la E.S.E.: ${how}. ${keep}`
    : `El término para responder su solicitud venció sin respuesta de la E.S.E. Puede acudir a la Superintendencia Nacional de Salud, que vigila a la E.S.E.: ${how}. ${keep}`
}

/** The case a tracked filing is in, if any: answered, or still open after its due day (YYYY-MM-DD, Colombia). */
export function escalationCase(f: { respondida: boolean; estado: Estado; vence: string }, today: string): EscalationCase | undefined {
  if (f.respondida) return 'respondida'
  // A forwarded filing is the other entity's to answer; a closed one has ended: neither is open, so neither is overdue.
  return isOverdue(f, today) ? 'vencida' : undefined
}
