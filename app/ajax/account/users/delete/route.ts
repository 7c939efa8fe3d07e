import { ajax } from '@/lib/http/ajax'
import { removeAccountUser, removeAccountUserBody } from '@/lib/account/remove-account-user'

// POST /ajax/account/users/delete – removes a user from the account or withdraws an invitation (by email)
export const POST = ajax({
  resources: ['account_users_write'],
  body: removeAccountUserBody,
  handler: ({ ctx, body }) => removeAccountUser(ctx.principal, body),
})
