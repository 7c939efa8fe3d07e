import { ajax } from '@/lib/http/ajax'
import { resendInvitations, resendInvitationsBody } from '@/lib/account/resend-invitations'

// POST /ajax/account/users/resend-invites – sends pending invitations again (emails[]) with new links
export const POST = ajax({
  resources: ['account_users_write'],
  body: resendInvitationsBody,
  handler: ({ ctx, body }) => resendInvitations(ctx.principal, body),
})
