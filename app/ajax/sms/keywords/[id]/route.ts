import { ajax } from '@/lib/http/ajax'
import { deleteSmsKeyword, saveSmsKeyword, smsKeywordBody } from '@/lib/messaging/sms/sms-opt-in-keywords'

const WRITE = {
  partial: ['sms_settings_read', 'account_settings_read'],
  resources: ['account_settings_write'],
  intParams: ['id'],
} as const

// PUT /ajax/sms/keywords/{id} – changes an opt-in keyword
export const PUT = ajax({
  ...WRITE,
  body: smsKeywordBody,
  handler: async ({ ctx, body, params }) => ({
    keyword: await saveSmsKeyword(ctx.principal.companyId, body, Number(params.id)),
  }),
})

// DELETE /ajax/sms/keywords/{id} – removes an opt-in keyword
export const DELETE = ajax({
  ...WRITE,
  handler: async ({ ctx, params }) => {
    await deleteSmsKeyword(ctx.principal.companyId, Number(params.id))
    return { deleted: true }
  },
})
