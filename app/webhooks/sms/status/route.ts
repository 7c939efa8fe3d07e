import { handleSmsStatusCallback } from '@/lib/messaging/sms/handle-sms-status'
import { formParams, webhookRoute } from '@/lib/messaging/sms/webhook-route'

// POST /webhooks/sms/status – Twilio's status callback of one sent SMS (signed with X-Twilio-Signature)
export const POST = webhookRoute((req, url, raw) =>
  handleSmsStatusCallback(url, formParams(raw), req.headers.get('x-twilio-signature')),
)
