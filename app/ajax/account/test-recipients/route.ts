import { ajax } from '@/lib/http/ajax'
import { addTestRecipient, listTestRecipients, testRecipientBody } from '@/lib/test-recipients/test-recipients'

// GET /ajax/account/test-recipients – the team's test addresses and numbers, and whether this is a test account
export const GET = ajax({
  partial: ['account_settings_read'],
  handler: ({ ctx }) => listTestRecipients(ctx.principal.companyId),
})

// POST /ajax/account/test-recipients {kind, value, label?} – adds one (validated per kind, unique)
export const POST = ajax({
  resources: ['account_settings_write'],
  body: testRecipientBody,
  status: 201,
  handler: ({ ctx, body }) => addTestRecipient(ctx.principal.companyId, body),
})
