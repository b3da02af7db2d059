import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'

/**
 * Optional second factor: TOTP (RFC 6238, 30-second codes of 6 digits, the
 * default of authenticator apps) through `otplib`. An account enrols with
 * `npm run -s usuarios -- 2fa <correo>`; with OFICINA_2FA=admin, admin
 * accounts must have it to sign in.
 */
export function newTotpSecret(): string {
  return generateSecret()
}

export function totpUri(secret: string, correo: string, issuer: string): string {
  return generateURI({ secret, label: correo, issuer })
}

/**
 * The otpauth address as a QR code drawn with text blocks, for the terminal
 * where `usuarios 2fa` runs (the secret never leaves that screen: no image file).
 */
export function totpQr(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'utf8', errorCorrectionLevel: 'M' })
}

/**
 * The RFC 6238 time step of a valid code, undefined for a wrong one. The
 * caller spends the step in the store (`claimTotpStep`), so that a code is
 * accepted once even within its window.
 */
export async function checkTotp(secret: string, code: unknown): Promise<number | undefined> {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return undefined
  try {
    // One step of tolerance either side for clock drift between the server and the phone.
    const result = await verify({ secret, token: code.trim(), epochTolerance: 30 })
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  } catch {
    return undefined
  }
}
