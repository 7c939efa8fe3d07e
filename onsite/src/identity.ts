// The visitor's identity in the first-party __kla_id cookie: base64 of a JSON object like the
// vendor's ({"cid": anonymous id, "$exchange_id", "$email", "$phone_number", "$external_id"}),
// so themes that read the vendor's cookie keep working.
import type { OnsiteIdentity } from './types'
import { readCookie, writeCookie } from './storage'

export const IDENTITY_COOKIE = '__kla_id'

export interface StoredIdentity extends OnsiteIdentity {
  exchangeId?: string
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin)
}

function fromBase64(b64: string): string {
  const bin = atob(b64)
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return new TextDecoder().decode(bytes)
}

export function newAnonymousId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto
  if (c && typeof c.randomUUID === 'function') return c.randomUUID()
  let s = ''
  for (let i = 0; i < 32; i++) s += Math.floor(Math.random() * 16).toString(16)
  return s
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined)

export function readIdentity(): StoredIdentity | null {
  const raw = readCookie(IDENTITY_COOKIE)
  if (!raw) return null
  try {
    const o = JSON.parse(fromBase64(raw)) as Record<string, unknown>
    const anonymousId = str(o.cid)
    if (!anonymousId) return null
    return {
      anonymousId,
      exchangeId: str(o.$exchange_id),
      email: str(o.$email),
      phoneNumber: str(o.$phone_number),
      externalId: str(o.$external_id),
    }
  } catch {
    return null
  }
}

export function writeIdentity(id: StoredIdentity): void {
  const o: Record<string, string> = { cid: id.anonymousId }
  if (id.exchangeId) o.$exchange_id = id.exchangeId
  if (id.email) o.$email = id.email
  if (id.phoneNumber) o.$phone_number = id.phoneNumber
  if (id.externalId) o.$external_id = id.externalId
  writeCookie(IDENTITY_COOKIE, toBase64(JSON.stringify(o)))
}
