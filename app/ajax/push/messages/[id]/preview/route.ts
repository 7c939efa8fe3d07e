import { ajax } from '@/lib/http/ajax'
import { previewPush, previewPushBody } from '@/lib/mobile/preview-push'

// POST /ajax/push/messages/{id}/preview – the message rendered for a profile (or a sample), with its FCM and APNs payloads
export const POST = ajax({
  partial: ['campaigns_read', 'flows_read'],
  body: previewPushBody,
  handler: ({ ctx, body, params }) => previewPush(ctx.principal.companyId, params.id!, body.profileId ?? null),
})
