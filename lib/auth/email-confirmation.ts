// The sign-up confirmation link: /account/confirm-email/{uid}/{token}, uid = base64url(user
// id), token = {expiry, base 36 seconds}.{HMAC of the user, the email and the expiry}. Nothing
// is stored: the link works until it expires and only for the address it was sent to.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { db } from '@/lib/db/client'
import { appLink } from '@/lib/config/app-url'
import { sessionSecret } from './secret'
import { decodeUid, encodeUid } from './reset-token'

export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const sign = (userId: number, email: string, exp: string) =>
  createHmac('sha256', sessionSecret()).update(`email-confirm:${userId}:${email}:${exp}`).digest('base64url')

export function emailConfirmationLink(user: { id: number; email: string }, now = Date.now()): string {
  const exp = Math.floor((now + EMAIL_CONFIRMATION_TTL_MS) / 1000).toString(36)
  return appLink(`/account/confirm-email/${encodeUid(user.id)}/${exp}.${sign(user.id, user.email, exp)}`)
}

/** Confirms the address a link names; false when the link is forged, expired or for another address. */
export async function confirmEmail(uid: string, token: string, now = Date.now()): Promise<boolean> {
  const userId = decodeUid(uid)
  const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!userId || !m) return false
  const [, exp, mac] = m
  if (parseInt(exp!, 36) * 1000 <= now) return false
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true } })
  if (!user) return false
  const want = Buffer.from(sign(user.id, user.email, exp!))
  const got = Buffer.from(mac!)
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false
  await db.user.update({ where: { id: user.id }, data: { emailConfirmed: true } })
  return true
}
