import { ajax } from '@/lib/http/ajax'
import { deleteSenderNumber, saveSenderNumber, senderNumberBody } from '@/lib/messaging/sms/sms-sender-numbers'

const WRITE = {
  partial: ['sms_settings_read', 'account_settings_read'],
  resources: ['account_settings_write'],
  intParams: ['id'],
} as const

// PUT /ajax/sms/phone-numbers/{id} – changes a sending number
export const PUT = ajax({
  ...WRITE,
  body: senderNumberBody,
  handler: async ({ ctx, body, params }) => ({
    number: await saveSenderNumber(ctx.principal.companyId, body, Number(params.id)),
  }),
})

// DELETE /ajax/sms/phone-numbers/{id} – removes a sending number
export const DELETE = ajax({
  ...WRITE,
  handler: async ({ ctx, params }) => {
    await deleteSenderNumber(ctx.principal.companyId, Number(params.id))
    return { deleted: true }
  },
})
