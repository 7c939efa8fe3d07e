import { ajax } from '@/lib/http/ajax'
import { deleteFaq, faqBody, getFaq, saveFaq } from '@/lib/inbox/automations/faq-entries'

const WRITE = { resources: ['sms_conversations_read', 'account_settings_write'], intParams: ['id'] } as const

// GET /ajax/inbox/faq/{id} – one FAQ entry
export const GET = ajax({
  resources: ['sms_conversations_read'],
  intParams: ['id'],
  handler: async ({ ctx, params }) => ({ faq: await getFaq(ctx.principal.companyId, Number(params.id)) }),
})

// PUT /ajax/inbox/faq/{id} – changes it
export const PUT = ajax({
  ...WRITE,
  body: faqBody,
  handler: async ({ ctx, body, params }) => ({ faq: await saveFaq(ctx.principal.companyId, body, Number(params.id)) }),
})

// DELETE /ajax/inbox/faq/{id} – removes it
export const DELETE = ajax({
  ...WRITE,
  handler: async ({ ctx, params }) => {
    await deleteFaq(ctx.principal.companyId, Number(params.id))
    return { deleted: true }
  },
})
