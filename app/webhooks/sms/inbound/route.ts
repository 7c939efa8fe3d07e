import { handleInboundSms } from '@/lib/messaging/sms/handle-inbound-sms'
import { formParams, webhookRoute } from '@/lib/messaging/sms/webhook-route'

// POST /webhooks/sms/inbound – an SMS sent to one of a company's numbers (keywords, replies; signed with X-Twilio-Signature)
export const POST = webhookRoute((req, url, raw) =>
  handleInboundSms(url, formParams(raw), req.headers.get('x-twilio-signature')),
)
