import type { FastifyRequest } from 'fastify'
import { filesLimits, filesMessages } from '../../../forms/compileFormSchema.ts'
import { normalizeSubmission, type SubmittedFiles } from '../../../forms/normalize.ts'
import { requestDayProblems } from '../../../forms/requestDayWindow.ts'
import type { FormValidator } from '../../../forms/validateSubmission.ts'
import { dayTimestamp, todayInColombia } from '../../../manifest/colombiaTime.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import type { FormDefinition } from '../../../manifest/types.generated.ts'
import { ApiError, apiError } from '../../http/errors.ts'
import { MSG } from '../../http/messages.ts'
import type { FileSpec } from '../../http/multipart.ts'
import { isNoScriptPost, isUrlEncoded, plainFields } from '../../http/noScript.ts'

/** Validates like the browser: normalize the raw fields, then the compiled schema of the same form definition; `now` is the server's clock (a request day's window). */
export function validated(form: FormDefinition, validate: FormValidator, raw: unknown, now: Date, files: SubmittedFiles = {}): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const outcome = validate(raw)
    throw apiError('invalidForm', outcome.ok ? {} : outcome.fields)
  }
  const outcome = validate(normalizeSubmission(form, { ...raw }, files))
  if (!outcome.ok) throw apiError('invalidForm', outcome.fields)
  const outOfWindow = requestDayProblems(form, outcome.value, now)
  if (Object.keys(outOfWindow).length > 0) throw apiError('invalidForm', outOfWindow)
  return outcome.value
}

/**
 * Fields of a form posted without script: a hidden request-day timestamp
 * (the appointment's fechaCita), which the page's script fills at submit, is
 * empty without it, so the server puts today's date, Colombia time, as the
 * browser would.
 */
export function withNativeDefaults(form: FormDefinition, values: Record<string, unknown>, now: Date): Record<string, unknown> {
  const out = { ...values }
  for (const c of form.campos) {
    if (c.control === 'hidden' && c.tipoDato === 'marcaTiempo' && (out[c.nombre] === undefined || out[c.nombre] === '')) {
      out[c.nombre] = dayTimestamp(todayInColombia(now))
    }
  }
  return out
}

/**
 * The body of a JSON-form endpoint: JSON from the page's script, or
 * url-encoded fields from a form posted without script (only on that path;
 * see http/noScript.ts). Other encodings are refused.
 */
export function requestFields(request: FastifyRequest, form: FormDefinition, now: Date): unknown {
  const noScript = isNoScriptPost(request)
  if (isUrlEncoded(request)) {
    if (!noScript) throw apiError('unsupportedMedia')
    const fields = plainFields(request.body)
    if (!fields) throw apiError('badRequest')
    return withNativeDefaults(form, fields, now)
  }
  // A JSON form posted natively as multipart (a page that is not ours).
  if (noScript) throw apiError('unsupportedMedia')
  return request.body
}

/** The file fields of a filing form with their limits, from the definition (the same the browser checks). */
export function fileSpecs(filing: FilingForm, validate: FormValidator): Map<string, FileSpec> {
  const specs = new Map<string, FileSpec>()
  const fieldError = (name: string, message: string) => () => new ApiError(400, MSG.invalidForm, { [name]: message })
  for (const c of filing.fileFields) {
    if (c.control === 'archivos') {
      const limits = filesLimits(c)
      const msg = filesMessages(c)
      specs.set(c.nombre, {
        multiple: true,
        maxFiles: limits.maxFiles,
        maxFileBytes: limits.maxFileBytes,
        maxTotalBytes: limits.maxTotalBytes,
        defaultLabel: 'adjunto',
        tooLarge: fieldError(c.nombre, msg.fileTooLarge),
        tooMany: fieldError(c.nombre, msg.count),
        overTotal: fieldError(c.nombre, msg.total),
      })
      continue
    }
    const maxBytes = Math.floor((c.tamanoMaximoMB ?? 10) * 1024 * 1024)
    // The form's own message for a file over the limit (the same the browser shows).
    const tooLargeOutcome = validate({ [c.nombre]: { nombre: 'x.pdf', tipo: 'application/pdf', tamano: maxBytes + 1 } })
    const tooLargeMessage = (!tooLargeOutcome.ok && tooLargeOutcome.fields[c.nombre]) || MSG.bodyTooLarge
    specs.set(c.nombre, {
      multiple: false,
      maxFiles: 1,
      maxFileBytes: maxBytes,
      maxTotalBytes: maxBytes,
      defaultLabel: 'documento.pdf',
      tooLarge: fieldError(c.nombre, tooLargeMessage),
      tooMany: fieldError(c.nombre, MSG.onlyOneFile),
      overTotal: fieldError(c.nombre, tooLargeMessage),
    })
  }
  return specs
}
