import { ajax } from '@/lib/http/ajax'
import { listInboxTeam } from '@/lib/inbox/list-inbox-team'

// GET /ajax/inbox/team – the account's members a conversation can be assigned to
export const GET = ajax({
  resources: ['sms_conversations_read'],
  handler: ({ ctx }) => listInboxTeam(ctx.principal.companyId),
})
export type InboxTeamResponse = Awaited<ReturnType<typeof listInboxTeam>>
