import { ajax } from '@/lib/http/ajax'
import { inviteUser, inviteUserBody } from '@/lib/account/invite-user'

// POST /ajax/account/users/create – invites someone by email with a role (the invitation mail is sent)
export const POST = ajax({
  resources: ['account_users_write'],
  body: inviteUserBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ user: await inviteUser(ctx.principal, body) }),
})
