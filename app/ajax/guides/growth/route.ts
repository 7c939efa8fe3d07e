import { ajax } from '@/lib/http/ajax'
import { accountProgress } from '@/lib/guides/account-progress'
import { growthSteps } from '@/lib/guides/guide-steps'

// GET /ajax/guides/growth – the growth strategies' steps with what the account has done
export const GET = ajax({
  resources: ['growth_strategies_read'],
  handler: async ({ ctx }) => ({ steps: growthSteps(await accountProgress(ctx.principal.companyId, new Date())) }),
})
export type GrowthGuideResponse = { steps: ReturnType<typeof growthSteps> }
