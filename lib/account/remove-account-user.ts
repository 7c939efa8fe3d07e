// POST /ajax/account/users/delete: removes a user from the account (their sessions in it end,
// the API keys they made are revoked)
// or withdraws a pending invitation (its link stops working). The user's own login and their
// other accounts are untouched. The last owner cannot be removed.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { assertRoleChange, LAST_OWNER } from './role-rules'
import { countOwners, getAccountUserTarget } from './account-user-target'
import { emailField } from './invite-user'
import { recordAudit } from './record-audit'
import { revokeKeysMadeBy } from '@/lib/api-keys/revoke-member-keys'
import { forgetCachedKeys } from '@/lib/api-keys/authenticate-api-key'

export const removeAccountUserBody = z.object({ email: emailField })

interface Actor {
  companyId: number
  userId: number
  resources: ReadonlySet<string>
}

export async function removeAccountUser(actor: Actor, input: z.infer<typeof removeAccountUserBody>, now = new Date()) {
  const target = await getAccountUserTarget(actor.companyId, input.email)
  assertRoleChange(actor.resources, target.role, null, await countOwners(actor.companyId))
  await db.$transaction(async (tx) => {
    if (target.kind === 'member') {
      await tx.membership.delete({ where: { id: target.membershipId } })
      if ((await tx.membership.count({ where: { companyId: actor.companyId, role: 'owner' } })) === 0) {
        throw new AppError('invalid', 400, LAST_OWNER, { email: [LAST_OWNER] })
      }
      await tx.session.updateMany({
        where: { userId: target.userId, companyId: actor.companyId, revokedAt: null },
        data: { revokedAt: now },
      })
      const apiKeysRevoked = await revokeKeysMadeBy(tx, actor.companyId, target.userId, now)
      await recordAudit(tx, {
        companyId: actor.companyId,
        userId: actor.userId,
        action: 'user.removed',
        details: { email: target.email, role: target.role, apiKeysRevoked },
      })
    } else {
      await tx.invitation.update({ where: { id: target.invitationId }, data: { revokedAt: now } })
      await recordAudit(tx, {
        companyId: actor.companyId,
        userId: actor.userId,
        action: 'user.invitation_revoked',
        details: { email: target.email, role: target.role },
      })
    }
  })
  forgetCachedKeys()
  return { email: target.email, removed: true }
}
