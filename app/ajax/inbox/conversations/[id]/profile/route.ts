import { ajax } from '@/lib/http/ajax'
import { profileCard } from '@/lib/inbox/profile-card'

// GET /ajax/inbox/conversations/:id/profile – the customer card beside the thread (orders, events, lists, predicted CLV)
export const GET = ajax({
  resources: ['sms_conversations_read'],
  intParams: ['id'],
  handler: ({ ctx, params }) => profileCard(ctx.principal.companyId, Number(params.id)),
})
export type ProfileCardResponse = Awaited<ReturnType<typeof profileCard>>
