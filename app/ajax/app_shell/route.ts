import { ajax, z } from '@/lib/http/ajax'
import { getFeatureFlags } from '@/lib/flags/get-feature-flags'
import { buildAppShell } from '@/lib/shell/build-app-shell'
import { shellBillingState } from '@/lib/billing/shell-billing-state'

// GET /ajax/app_shell – the shell's company, profile flags and navigation for the signed-in user
export const GET = ajax({
  query: z.object({ path: z.string().max(2000).optional() }),
  handler: async ({ ctx, query }) =>
    buildAppShell(
      ctx.principal,
      await getFeatureFlags(ctx.principal.companyId),
      query.path,
      await shellBillingState(ctx.principal.companyId),
    ),
})
