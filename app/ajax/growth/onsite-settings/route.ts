import { ajax } from '@/lib/http/ajax'
import { getOnsiteSwitches, onsiteSwitchesBody, saveOnsiteSwitches } from '@/lib/growth/onsite/onsite-settings'

// GET /ajax/growth/onsite-settings – onsite tracking, consent requirement and forms switches
export const GET = ajax({
  resources: ['integrations_read'],
  handler: async ({ ctx }) => ({ settings: await getOnsiteSwitches(ctx.principal.companyId) }),
})

// PUT /ajax/growth/onsite-settings – saves the three switches
export const PUT = ajax({
  resources: ['integrations_write'],
  body: onsiteSwitchesBody,
  handler: async ({ ctx, body }) => ({ settings: await saveOnsiteSwitches(ctx.principal.companyId, body) }),
})
