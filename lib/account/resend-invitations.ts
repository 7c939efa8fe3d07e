// POST /ajax/account/users/resend-invites with emails[]: a new link (new token, 7 more days) for
// each pending invitation; the old links stop working. Every email is checked before anything
// is sent, so one bad address refuses the whole request.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, forbidden } from '@/lib/errors/app-error'
import { canEditHolderOf, USER_NOT_EDITABLE } from './role-rules'
import { normaliseEmail } from './account-user-target'
import { emailField } from './invite-user'
import { newInvitationToken } from './invitation-token'
import { sendInvitationMail } from './send-invitation-mail'
import { recordAudit } from './record-audit'

export const NO_PENDING_INVITATION = 'There is no pending invitation for this email.'

export const resendInvitationsBody = z.object({
  emails: z.array(emailField).min(1, 'Choose at least one invitation.').max(100),
})

interface Actor {
  companyId: number
  userId: number
  resources: ReadonlySet<string>
}

export async function resendInvitations(actor: Actor, input: z.infer<typeof resendInvitationsBody>, now = new Date()) {
  const emails = [...new Set(input.emails.map(normaliseEmail))]
  const found = await db.invitation.findMany({
    where: { companyId: actor.companyId, email: { in: emails }, acceptedAt: null, revokedAt: null },
  })
  const byEmail = new Map(found.map((i) => [i.email, i]))
  const missing: Record<string, string[]> = {}
  input.emails.forEach((e, i) => {
    if (!byEmail.has(normaliseEmail(e))) missing[`emails.${i}`] = [NO_PENDING_INVITATION]
  })
  if (Object.keys(missing).length) throw badRequest(NO_PENDING_INVITATION, missing)
  if (found.some((inv) => !canEditHolderOf(actor.resources, inv.role))) throw forbidden(USER_NOT_EDITABLE)

  const sent: Array<{ email: string; invitationExpiresAt: string }> = []
  for (const inv of byEmail.values()) {
    const { token, tokenHash, expiresAt } = newInvitationToken(now)
    await db.$transaction(async (tx) => {
      await tx.invitation.update({ where: { id: inv.id }, data: { tokenHash, expiresAt, sentAt: now } })
      await recordAudit(tx, {
        companyId: actor.companyId,
        userId: actor.userId,
        action: 'user.invitation_resent',
        details: { email: inv.email },
      })
    })
    await sendInvitationMail({
      invitationId: inv.id,
      token,
      email: inv.email,
      role: inv.role,
      companyId: actor.companyId,
      inviterId: actor.userId,
    })
    sent.push({ email: inv.email, invitationExpiresAt: expiresAt.toISOString() })
  }
  return { resent: sent }
}
