import { ajax } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'
import { intentBody, listIntents, saveIntent } from '@/lib/inbox/automations/intent-rules'

const READ = ['automations_read', 'sms_conversations_read'] as const

// GET /ajax/automations/intents – the intent rules in priority order, and the flows an intent may start
export const GET = ajax({
  resources: READ,
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const [intents, flows] = await Promise.all([
      listIntents(companyId),
      db.flow.findMany({
        where: { companyId, archived: false },
        orderBy: { name: 'asc' },
        select: { id: true, name: true },
        take: 500,
      }),
    ])
    return { intents, flows }
  },
})

// POST /ajax/automations/intents – adds an intent rule
export const POST = ajax({
  resources: [...READ, 'account_settings_write'],
  body: intentBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ intent: await saveIntent(ctx.principal.companyId, body) }),
})
