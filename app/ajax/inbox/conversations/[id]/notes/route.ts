import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { addNote } from '@/lib/inbox/add-note'

const body = z
  .object({
    text: z.string().trim().min(1).max(5000),
    clientRequestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict()

// POST /ajax/inbox/conversations/:id/notes – a note only the team sees
export const POST = ajax({
  resources: ['sms_conversations_read', 'sms_conversations_write'],
  intParams: ['id'],
  body,
  handler: ({ ctx, params, body: b }) =>
    addNote({
      companyId: ctx.principal.companyId,
      conversationId: Number(params.id),
      authorUserId: ctx.principal.user.id,
      text: b.text,
      clientRequestId: b.clientRequestId,
    }),
})
