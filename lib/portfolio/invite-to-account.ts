// POST /ajax/portfolio/{id}/invite: invite someone into one of the portfolio's accounts through
// the account's own invitation path (lib/account/invite-user.ts: same role rules, same mail,
// same audit entry), acting as the user's role in that account, not the current one's.
import { z } from 'zod'
import { resourcesForRole } from '@/lib/auth/roles'
import { badRequest } from '@/lib/errors/app-error'
import { inviteUser, inviteUserBody } from '@/lib/account/invite-user'
import { portfolioScope } from './access'

export const portfolioInviteBody = inviteUserBody.extend({ companyId: z.coerce.number().int().positive() })

export async function inviteToPortfolioAccount(
  userId: number,
  portfolioId: number,
  input: z.infer<typeof portfolioInviteBody>,
) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  const account = accounts.find((a) => a.companyId === input.companyId)
  if (!account) throw badRequest('That account is not in the portfolio.', { companyId: ['Choose an account.'] })
  const resources = new Set<string>(resourcesForRole(account.role))
  if (!resources.has('account_users_write'))
    throw badRequest('Your role in that account cannot invite users.', {
      companyId: ['Your role in that account cannot invite users.'],
    })
  return inviteUser({ companyId: account.companyId, userId, resources }, { email: input.email, role: input.role })
}
