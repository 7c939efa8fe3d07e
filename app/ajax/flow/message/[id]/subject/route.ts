import { ajax } from '@/lib/http/ajax'
import { setSubject, subjectBody } from '@/lib/flows/ajax/messages-update'

// POST /ajax/flow/message/[id]/subject – the email's subject line and preview text
export const POST = ajax({
  resources: ['flows_content_write'],
  body: subjectBody,
  handler: ({ ctx, params, body }) => setSubject(ctx.principal.companyId, params.id!, body),
})
