import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { readAttachment } from '@/lib/inbox/attachments-read'

// GET /ajax/inbox/attachments/:messageId/:index – a customer's stored attachment, for the company's team only
export const GET = ajax({
  resources: ['sms_conversations_read'],
  intParams: ['messageId'],
  handler: async ({ ctx, params }) => {
    // The position in the message's media list: 0 and up, at most a few (MAX_INBOUND_MEDIA).
    if (!/^\d{1,2}$/.test(params.index ?? '')) throw notFound('No such attachment.')
    const file = await readAttachment(ctx.principal.companyId, Number(params.messageId), Number(params.index))
    if (!file) throw notFound('No such attachment.')
    const inline = file.contentType.startsWith('image/')
    return new Response(new Uint8Array(file.bytes), {
      status: 200,
      headers: {
        'content-type': file.contentType,
        'content-length': String(file.bytes.length),
        // Pictures show in the thread; anything else is a download, never rendered on our origin.
        'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.fileName}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    })
  },
})
