// Double-submit CSRF: the kl_csrftoken cookie must be echoed in X-CSRFToken on mutating requests.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/auth/config'
import { parseCookies } from '@/lib/text/cookies'

export const newCsrfToken = () => randomBytes(24).toString('base64url')

export const isMutating = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())

export function csrfOk(req: Request): boolean {
  const cookie = parseCookies(req.headers.get('cookie'))[CSRF_COOKIE]
  const header = req.headers.get(CSRF_HEADER)
  if (!cookie || !header || cookie.length !== header.length) return false
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header))
}
