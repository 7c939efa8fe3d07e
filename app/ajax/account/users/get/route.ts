import { ajax } from '@/lib/http/ajax'
import { listAccountUsers } from '@/lib/account/list-account-users'

const handler = ajax({
  resources: ['account_users_read'],
  handler: ({ ctx }) => listAccountUsers(ctx.principal),
})

// GET /ajax/account/users/get – the account's users and pending invitations, with what the viewer may do
export const GET = handler
// POST /ajax/account/users/get – the same list (seed 002 §7.11 names both methods)
export const POST = handler

export type { ListAccountUsersResponse } from '@/lib/account/list-account-users'
