// POST /ajax/account/users/create: invites someone by email with a role. Refused with a field
// error for a member of the account, a pending invitation, or a role the inviter may not give.
// The invitation row exists only if its mail went out (nothing half-done).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { isRole } from '@/lib/auth/roles'
import { assertRoleChange } from './role-rules'
import { countOwners, findAccountUserTarget, normaliseEmail } from './account-user-target'
import { newInvitationToken } from './invitation-token'
import { sendInvitationMail } from './send-invitation-mail'
import { recordAudit } from './record-audit'

export const ALREADY_MEMBER = 'This person is already a user of this account.'
export const ALREADY_INVITED = 'This person has already been invited. Resend the invitation instead.'

export const emailField = z
  .string()
  .trim()
  .min(1, 'Enter an email address.')
  .max(254)
  .email('Enter a valid email address.')
export const roleField = z.string().trim().refine(isRole, 'Choose a role from the list.')

export const inviteUserBody = z.object({ email: emailField, role: roleField })

interface Inviter {
  companyId: number
  userId: number
  resources: ReadonlySet<string>
}

export async function inviteUser(inviter: Inviter, input: z.infer<typeof inviteUserBody>, now = new Date()) {
  const email = normaliseEmail(input.email)
  assertRoleChange(inviter.resources, null, input.role, await countOwners(inviter.companyId))
  const existing = await findAccountUserTarget(inviter.companyId, email)
  if (existing?.kind === 'member') throw badRequest(ALREADY_MEMBER, { email: [ALREADY_MEMBER] })
  const pending =
    existing?.kind === 'invitation' ? await db.invitation.findUnique({ where: { id: existing.invitationId } }) : null
  if (pending && pending.expiresAt > now) throw badRequest(ALREADY_INVITED, { email: [ALREADY_INVITED] })

  const { token, tokenHash, expiresAt } = newInvitationToken(now)
  const invitation = await db.$transaction(async (tx) => {
    // An expired invitation to the same address is replaced by the new one.
    if (pending) await tx.invitation.update({ where: { id: pending.id }, data: { revokedAt: now } })
    const row = await tx.invitation.create({
      data: {
        companyId: inviter.companyId,
        email,
        role: input.role,
        invitedById: inviter.userId,
        tokenHash,
        expiresAt,
        sentAt: now,
      },
    })
    await recordAudit(tx, {
      companyId: inviter.companyId,
      userId: inviter.userId,
      action: 'user.invited',
      details: { email, role: input.role },
    })
    return row
  })
  try {
    await sendInvitationMail({
      invitationId: invitation.id,
      token,
      email,
      role: input.role,
      companyId: inviter.companyId,
      inviterId: inviter.userId,
    })
  } catch (e) {
    await db.$transaction([
      db.auditEntry.deleteMany({
        where: {
          companyId: inviter.companyId,
          action: 'user.invited',
          createdAt: { gte: now },
          details: JSON.stringify({ email, role: input.role }),
        },
      }),
      db.invitation.delete({ where: { id: invitation.id } }),
      ...(pending ? [db.invitation.update({ where: { id: pending.id }, data: { revokedAt: null } })] : []),
    ])
    throw e
  }
  return {
    email,
    role: invitation.role,
    status: 'invited' as const,
    invitationId: invitation.id,
    invitationExpiresAt: invitation.expiresAt.toISOString(),
  }
}
