import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { sendReply } from '@/lib/inbox/send-reply'

const body = z
  .object({
    text: z.string().trim().min(1).max(1600),
    // Chosen by the browser per reply: a retried request is the same reply, sent once.
    clientRequestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict()

// POST /ajax/inbox/conversations/:id/reply – an agent's answer, sent once per client request id through the send pipeline
export const POST = ajax({
  resources: ['sms_conversations_read', 'sms_conversations_write'],
  intParams: ['id'],
  body,
  handler: ({ ctx, params, body: b }) =>
    sendReply({
      companyId: ctx.principal.companyId,
      conversationId: Number(params.id),
      text: b.text,
      clientRequestId: b.clientRequestId,
      authorUserId: ctx.principal.user.id,
      kind: 'message',
    }),
})
