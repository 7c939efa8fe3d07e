// RFC 6238 codes through otplib: 6 digits, 30-second steps, one step of clock drift either way.
// A code is accepted only for a time step after the last one used, so each code works once.
import { generateSecret, generateURI, verifySync } from 'otplib'

export const TOTP_PERIOD = 30
export const TOTP_ISSUER = 'Merchant Automation'

export const newTotpSecret = () => generateSecret()

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret })
}

/** The time step the code belongs to when it is valid now and newer than lastStep, else null. */
export function matchTotp(secret: string, code: string, lastStep: number | null, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOTP_PERIOD,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    })
    return result.valid && 'timeStep' in result ? result.timeStep : null
  } catch {
    return null
  }
}
