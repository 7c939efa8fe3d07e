import { ajax } from '@/lib/http/ajax'
import { faqBody, listFaqs, saveFaq } from '@/lib/inbox/automations/faq-entries'

// GET /ajax/inbox/faq – the FAQ entries
export const GET = ajax({
  resources: ['sms_conversations_read'],
  handler: async ({ ctx }) => ({ faqs: await listFaqs(ctx.principal.companyId) }),
})

// POST /ajax/inbox/faq – adds an entry
export const POST = ajax({
  resources: ['sms_conversations_read', 'account_settings_write'],
  body: faqBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ faq: await saveFaq(ctx.principal.companyId, body) }),
})
