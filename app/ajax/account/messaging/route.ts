import { ajax } from '@/lib/http/ajax'
import { getMessagingPolicy, messagingPolicyBody, saveMessagingPolicy } from '@/lib/messaging/messaging-policy-settings'

// GET /ajax/account/messaging – smart sending, frequency caps per channel and quiet hours
export const GET = ajax({
  resources: ['account_settings_read'],
  handler: ({ ctx }) => getMessagingPolicy(ctx.principal.companyId),
})

// PUT /ajax/account/messaging {sending: {smartSendingHours, frequencyCaps, softBounceLimit?}, quietHours: {enabled, start, end}}
export const PUT = ajax({
  resources: ['account_settings_write'],
  body: messagingPolicyBody,
  handler: ({ ctx, body }) => saveMessagingPolicy(ctx.principal.companyId, body),
})
