import { ajax } from '@/lib/http/ajax'
import { listSmsKeywords, saveSmsKeyword, smsKeywordBody } from '@/lib/messaging/sms/sms-opt-in-keywords'

const READ = { partial: ['sms_settings_read', 'account_settings_read'] } as const

// GET /ajax/sms/keywords – the custom opt-in keywords with their lists and confirmation replies
export const GET = ajax({
  ...READ,
  handler: async ({ ctx }) => ({ keywords: await listSmsKeywords(ctx.principal.companyId) }),
})

// POST /ajax/sms/keywords – adds an opt-in keyword
export const POST = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: smsKeywordBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ keyword: await saveSmsKeyword(ctx.principal.companyId, body) }),
})
