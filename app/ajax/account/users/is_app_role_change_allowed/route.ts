import { ajax, z } from '@/lib/http/ajax'
import { assignableRoles, checkRoleChange } from '@/lib/account/role-rules'
import { countOwners, findAccountUserTarget } from '@/lib/account/account-user-target'

const query = z.object({ email: z.string().max(254).optional(), role: z.string().max(50).optional() })

// GET /ajax/account/users/is_app_role_change_allowed – whether the viewer may change roles at all,
// or (with email and role) make this one change, and why not
export const GET = ajax({
  resources: ['account_users_read'],
  query,
  handler: async ({ ctx, query }) => {
    const { resources, companyId } = ctx.principal
    const roles = assignableRoles(resources)
    if (!query.email) return { isAllowed: roles.length > 0, assignableRoles: roles }
    const target = await findAccountUserTarget(companyId, query.email)
    if (!target)
      return {
        isAllowed: false,
        reason: 'There is no user or invitation with this email in this account.',
        assignableRoles: roles,
      }
    const check = checkRoleChange(resources, target.role, query.role ?? target.role, await countOwners(companyId))
    return check.allowed
      ? { isAllowed: true, assignableRoles: roles }
      : { isAllowed: false, reason: check.reason, assignableRoles: roles }
  },
})
