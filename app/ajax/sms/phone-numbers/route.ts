import { ajax } from '@/lib/http/ajax'
import { listSenderNumbers, saveSenderNumber, senderNumberBody } from '@/lib/messaging/sms/sms-sender-numbers'

const READ = { partial: ['sms_settings_read', 'account_settings_read'] } as const

// GET /ajax/sms/phone-numbers – the sending numbers and sender ids per country with their type and status
export const GET = ajax({
  ...READ,
  handler: async ({ ctx }) => ({ numbers: await listSenderNumbers(ctx.principal.companyId) }),
})

// POST /ajax/sms/phone-numbers – adds a sending number or sender id
export const POST = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: senderNumberBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ number: await saveSenderNumber(ctx.principal.companyId, body) }),
})
