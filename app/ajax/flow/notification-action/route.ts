import { ajax } from '@/lib/http/ajax'
import { notificationActionBody, saveNotificationAction } from '@/lib/flows/ajax/other-misc'

// POST /ajax/flow/notification-action – saves what the member did with a flows notification (notification_id, action, flow_id)
export const POST = ajax({
  resources: ['flows_read'],
  body: notificationActionBody,
  handler: ({ ctx, body }) => saveNotificationAction(ctx.principal.companyId, ctx.principal.userId, body),
})
