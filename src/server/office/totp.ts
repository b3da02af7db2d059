import { generateSecret, generateURI, verify } from 'otplib'

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

export async function checkTotp(secret: string, code: unknown): Promise<boolean> {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return false
  try {
    // One step of tolerance either side for clock drift between the server and the phone.
    return (await verify({ secret, token: code.trim(), epochTolerance: 30 })).valid
  } catch {
    return false
  }
}
