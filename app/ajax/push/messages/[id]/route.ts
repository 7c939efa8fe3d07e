import { ajax } from '@/lib/http/ajax'
import { getPushMessage, savePushMessage, savePushMessageBody } from '@/lib/mobile/push-message'

const EDIT = { partial: ['campaigns_write', 'flows_content_write'] } as const

// GET /ajax/push/messages/{id} – a campaign's or flow's push message with its options (seed 002 §3.3)
export const GET = ajax({
  partial: ['campaigns_read', 'flows_read'],
  handler: async ({ ctx, params }) => ({ message: await getPushMessage(ctx.principal.companyId, params.id!) }),
})

// PUT /ajax/push/messages/{id} – saves title, body, image, open action, badge and notification type
export const PUT = ajax({
  ...EDIT,
  body: savePushMessageBody,
  handler: async ({ ctx, body, params }) => ({
    message: await savePushMessage(ctx.principal.companyId, params.id!, body, ctx.principal.resources),
  }),
})
