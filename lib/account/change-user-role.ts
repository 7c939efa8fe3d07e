// POST /ajax/account/users/modify: changes the role of a user or of a pending invitation, by
// email, within the role-edit rules (role-rules.ts). The owner count is checked again inside the
// write, so two owners demoting each other at once cannot leave the account without one.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { assertRoleChange, LAST_OWNER } from './role-rules'
import { countOwners, getAccountUserTarget } from './account-user-target'
import { emailField, roleField } from './invite-user'
import { recordAudit } from './record-audit'
import { revokeKeysMadeBy } from '@/lib/api-keys/revoke-member-keys'
import { roleHoldsKeys } from '@/lib/auth/roles'
import { forgetCachedKeys } from '@/lib/api-keys/authenticate-api-key'

export const changeUserRoleBody = z.object({ email: emailField, role: roleField })

interface Actor {
  companyId: number
  userId: number
  resources: ReadonlySet<string>
}

export async function changeUserRole(actor: Actor, input: z.infer<typeof changeUserRoleBody>) {
  const target = await getAccountUserTarget(actor.companyId, input.email)
  assertRoleChange(actor.resources, target.role, input.role, await countOwners(actor.companyId))
  if (target.role === input.role) return { email: target.email, role: target.role }
  await db.$transaction(async (tx) => {
    let apiKeysRevoked = 0
    if (target.kind === 'member') {
      await tx.membership.update({ where: { id: target.membershipId }, data: { role: input.role } })
      if ((await tx.membership.count({ where: { companyId: actor.companyId, role: 'owner' } })) === 0) {
        throw new AppError('invalid', 400, LAST_OWNER, { role: [LAST_OWNER] })
      }
      // A role that may not hold keys no longer holds the ones this user made.
      if (!roleHoldsKeys(input.role)) apiKeysRevoked = await revokeKeysMadeBy(tx, actor.companyId, target.userId)
    } else {
      await tx.invitation.update({ where: { id: target.invitationId }, data: { role: input.role } })
    }
    await recordAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: 'user.role_changed',
      details: {
        email: target.email,
        from: target.role,
        to: input.role,
        status: target.kind === 'member' ? 'active' : 'invited',
        apiKeysRevoked,
      },
    })
  })
  forgetCachedKeys()
  return { email: target.email, role: input.role }
}
