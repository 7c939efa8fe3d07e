import { ajax } from '@/lib/http/ajax'
import { changeUserRole, changeUserRoleBody } from '@/lib/account/change-user-role'

// POST /ajax/account/users/modify – changes the role of a user or pending invitation (by email)
export const POST = ajax({
  resources: ['account_users_write'],
  body: changeUserRoleBody,
  handler: async ({ ctx, body }) => ({ user: await changeUserRole(ctx.principal, body) }),
})
