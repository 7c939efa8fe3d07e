// Invitation links: /account/create-password/{uid}/{token}. uid = base64url(invitation id),
// token = 32 random bytes; only the token's sha256 is stored. A link works once and for 7 days.
import { createHash, randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { appLink } from '@/lib/config/app-url'
import { decodeUid, encodeUid } from '@/lib/auth/reset-token'

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const INVALID_INVITATION =
  'This invitation link is invalid, has expired or has already been used. Ask the account owner to send a new one.'

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function newInvitationToken(now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashInvitationToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) }
}

export function invitationLink(invitationId: number, token: string): string {
  return appLink(`/account/create-password/${encodeUid(invitationId)}/${token}`)
}

/** The pending invitation (not accepted, revoked or expired) a link names, with its company, or null. */
export async function findValidInvitation(uid: string, token: string, now = new Date()) {
  const id = decodeUid(uid)
  if (!id || !token || token.length > 200) return null
  const row = await db.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { company: true },
  })
  if (!row || row.id !== id || row.acceptedAt || row.revokedAt || row.expiresAt <= now) return null
  return row
}
