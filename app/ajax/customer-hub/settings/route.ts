import { ajax } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'
import { getHubSettings, hubSettingsBody, saveHubSettings } from '@/lib/customer-hub/hub-settings'

// GET /ajax/customer-hub/settings – the hub's settings (defaults until saved) and its public key
export const GET = ajax({
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const [settings, company] = await Promise.all([
      getHubSettings(companyId),
      db.company.findUniqueOrThrow({ where: { id: companyId }, select: { publicApiKey: true } }),
    ])
    return { ...settings, hubPath: `/hub/${company.publicApiKey}` }
  },
})
export type HubSettingsResponse = Awaited<ReturnType<typeof getHubSettings>> & { hubPath: string }

// POST /ajax/customer-hub/settings – saves the fields sent (general, content, design, faq, returns, support)
export const POST = ajax({
  body: hubSettingsBody,
  handler: ({ ctx, body }) => saveHubSettings(ctx.principal.companyId, body),
})
