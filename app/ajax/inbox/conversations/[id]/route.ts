import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { getThread } from '@/lib/inbox/get-thread'
import { updateConversation, updateConversationBody } from '@/lib/inbox/update-conversation'

const query = z.object({ before: z.coerce.number().int().positive().max(2_147_483_647).optional() })

// GET /ajax/inbox/conversations/:id – the conversation and its newest 50 messages (?before=<message id> for older ones)
export const GET = ajax({
  resources: ['sms_conversations_read'],
  intParams: ['id'],
  query,
  handler: ({ ctx, params, query: q }) => getThread(ctx.principal.companyId, Number(params.id), q.before),
})
export type ThreadResponse = Awaited<ReturnType<typeof getThread>>

// PATCH /ajax/inbox/conversations/:id – assign, open, close, snooze until, tags, mark read
export const PATCH = ajax({
  resources: ['sms_conversations_read', 'sms_conversations_write'],
  intParams: ['id'],
  body: updateConversationBody,
  handler: async ({ ctx, params, body }) => {
    await updateConversation(ctx.principal.companyId, Number(params.id), body)
    return { ok: true }
  },
})
