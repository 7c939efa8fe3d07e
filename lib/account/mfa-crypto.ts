// TOTP secrets at rest: AES-256-GCM under a key derived from MFA_ENCRYPTION_KEY, else from the
// session secret (SESSION_SECRET or the generated $DATA_DIR/session-secret). A stolen database alone
// does not give anyone the codes. Format: v1.<iv>.<tag>.<ciphertext>, each base64url.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'

function key(): Buffer {
  const material = process.env.MFA_ENCRYPTION_KEY || sessionSecret()
  return Buffer.from(hkdfSync('sha256', material, 'mfa-secret', 'totp-secret-v1', 32))
}

export function encryptMfaSecret(plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
    '.',
  )
}

/** The secret, or null when the value was not written with the current key. */
export function decryptMfaSecret(sealed: string | null | undefined): string | null {
  const parts = sealed?.split('.')
  if (!parts || parts.length !== 4 || parts[0] !== 'v1') return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(parts[1]!, 'base64url'))
    decipher.setAuthTag(Buffer.from(parts[2]!, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
