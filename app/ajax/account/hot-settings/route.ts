import { ajax } from '@/lib/http/ajax'
import { getFeatureFlags } from '@/lib/flags/get-feature-flags'

// GET /ajax/account/hot-settings – the current company's feature-flag map
export const GET = ajax({
  handler: async ({ ctx }) => ({ featureFlags: await getFeatureFlags(ctx.principal.companyId) }),
})
