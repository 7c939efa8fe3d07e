// Provider credentials at rest (Twilio auth token, WhatsApp access token, SMTP passwords …):
// AES-256-GCM under a key from SECRETS_KEY, else from a random key generated once into
// $DATA_DIR/secrets-key (SECRETS_KEY_FILE overrides the path). A stolen database alone does not give
// anyone the credentials. Shared helper: owned by the SMS/WhatsApp settings work (issue 8); the
// email settings use it too — call sealSecret/openSecret with a purpose string of your own
// ('smtp-password', …) so one sealed value cannot be replayed as another kind.
// Format: s1.<iv>.<tag>.<ciphertext>, each base64url.
import fs from 'node:fs'
import path from 'node:path'
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { dataPath } from '@/lib/config/data-dir.mjs'

let cachedMaterial: string | undefined

function keyMaterial(): string {
  const fromEnv = process.env.SECRETS_KEY
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SECRETS_KEY must be at least 32 characters')
    return fromEnv
  }
  if (cachedMaterial) return cachedMaterial
  const given = process.env.SECRETS_KEY_FILE
  const file = given ? path.resolve(/*turbopackIgnore: true*/ process.cwd(), given) : dataPath('secrets-key')
  try {
    const existing = fs.readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return (cachedMaterial = existing)
  } catch {}
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const generated = randomBytes(32).toString('base64url')
  try {
    fs.writeFileSync(file, generated, { flag: 'wx', mode: 0o600 })
  } catch {
    // Another process wrote it first: use theirs.
    return (cachedMaterial = fs.readFileSync(file, 'utf8').trim())
  }
  return (cachedMaterial = generated)
}

function key(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', keyMaterial(), 'secret-box', `secret-box-v1:${purpose}`, 32))
}

/** Seals a secret for storage. `purpose` binds it: opening with another purpose fails. */
export function sealSecret(plain: string, purpose: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(purpose), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['s1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
    '.',
  )
}

/** The secret, or null when the value is empty, malformed or was sealed under another key or purpose. */
export function openSecret(sealed: string | null | undefined, purpose: string): string | null {
  const parts = sealed?.split('.')
  if (!parts || parts.length !== 4 || parts[0] !== 's1') return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(purpose), Buffer.from(parts[1]!, 'base64url'))
    decipher.setAuthTag(Buffer.from(parts[2]!, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** For screens: the last four characters of a secret behind dots, never the secret. */
export function maskSecret(plain: string | null | undefined): string | null {
  if (!plain) return null
  return `••••${plain.length > 8 ? plain.slice(-4) : ''}`
}

/** Tests only: forget the cached generated key (after changing SECRETS_KEY_FILE). */
export function resetSecretKeyCacheForTests(): void {
  cachedMaterial = undefined
}
