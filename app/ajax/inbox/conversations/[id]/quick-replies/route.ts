import { ajax } from '@/lib/http/ajax'
import { conversationQuickReplies } from '@/lib/inbox/conversation-quick-replies'

// GET /ajax/inbox/conversations/:id/quick-replies – the account's quick replies with this customer's variables filled in
export const GET = ajax({
  resources: ['sms_conversations_read'],
  intParams: ['id'],
  handler: ({ ctx, params }) => conversationQuickReplies(ctx.principal.companyId, Number(params.id)),
})
export type QuickRepliesResponse = Awaited<ReturnType<typeof conversationQuickReplies>>
