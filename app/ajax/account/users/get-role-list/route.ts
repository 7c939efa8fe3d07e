import { ajax } from '@/lib/http/ajax'
import { ROLES, ROLE_LABELS, ROLE_RESOURCES } from '@/lib/auth/roles'
import { assignableRoles } from '@/lib/account/role-rules'

// GET /ajax/account/users/get-role-list – the roles, their resources and which the viewer may give
export const GET = ajax({
  resources: ['account_users_read'],
  handler: ({ ctx }) => {
    const mine = new Set(assignableRoles(ctx.principal.resources))
    return {
      roles: ROLES.map((key) => ({
        key,
        label: ROLE_LABELS[key],
        resources: [...ROLE_RESOURCES[key]],
        assignable: mine.has(key),
      })),
    }
  },
})
