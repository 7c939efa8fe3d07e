// The token of /forms/{id}/test/live: the merchant's store page opened with
// ?klaviyo_form_preview={token} shows that form version at once, live or draft. It is a bearer
// capability for one version for one hour, HMAC-signed with the session secret (no table), so
// nobody can mint one for another company's form.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'

const TTL_MS = 60 * 60 * 1000

export interface FormPreviewClaims {
  companyId: number
  formId: string
  versionId: number
}

const mac = (payload: string) =>
  createHmac('sha256', sessionSecret())
    .update('form-preview:' + payload)
    .digest('base64url')

export function signFormPreviewToken(companyId: number, formId: string, versionId: number, now = Date.now()): string {
  const payload = `${companyId}.${Buffer.from(formId).toString('base64url')}.${versionId}.${Math.floor((now + TTL_MS) / 1000)}`
  return `${payload}.${mac(payload)}`
}

export function verifyFormPreviewToken(token: string | null | undefined, now = Date.now()): FormPreviewClaims | null {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.(\d{1,13})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '')
  if (!m) return null
  const payload = `${m[1]}.${m[2]}.${m[3]}.${m[4]}`
  const given = Buffer.from(m[5]!)
  const want = Buffer.from(mac(payload))
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null
  if (Number(m[4]) * 1000 <= now) return null
  return { companyId: Number(m[1]), formId: Buffer.from(m[2]!, 'base64url').toString(), versionId: Number(m[3]) }
}
