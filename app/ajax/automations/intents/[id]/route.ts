import { ajax } from '@/lib/http/ajax'
import { deleteIntent, getIntent, intentBody, saveIntent } from '@/lib/inbox/automations/intent-rules'

const READ = ['automations_read', 'sms_conversations_read'] as const
const WRITE = { resources: [...READ, 'account_settings_write'], intParams: ['id'] } as const

// GET /ajax/automations/intents/{intentId} – one intent rule
export const GET = ajax({
  resources: READ,
  intParams: ['id'],
  handler: async ({ ctx, params }) => ({ intent: await getIntent(ctx.principal.companyId, Number(params.id)) }),
})

// PUT /ajax/automations/intents/{intentId} – changes it
export const PUT = ajax({
  ...WRITE,
  body: intentBody,
  handler: async ({ ctx, body, params }) => ({
    intent: await saveIntent(ctx.principal.companyId, body, Number(params.id)),
  }),
})

// DELETE /ajax/automations/intents/{intentId} – removes it
export const DELETE = ajax({
  ...WRITE,
  handler: async ({ ctx, params }) => {
    await deleteIntent(ctx.principal.companyId, Number(params.id))
    return { deleted: true }
  },
})
