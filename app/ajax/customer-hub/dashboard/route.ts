import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { hubDashboard } from '@/lib/customer-hub/hub-dashboard'

const query = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) })

// GET /ajax/customer-hub/dashboard – visits, sign-ins and returns started over the last `days` days
export const GET = ajax({
  query,
  handler: ({ ctx, query }) => hubDashboard(ctx.principal.companyId, query.days),
})
export type HubDashboardResponse = Awaited<ReturnType<typeof hubDashboard>>
