import { hubRoute } from '@/lib/customer-hub/hub-route'
import { listHubOrders } from '@/lib/customer-hub/hub-orders'

export const dynamic = 'force-dynamic'

// GET /hub/{publicKey}/orders – the signed-in shopper's own orders with items, status and tracking links
export const GET = hubRoute({
  session: true,
  handler: async ({ ctx }) => ({ orders: await listHubOrders(ctx.company.id, ctx.profileId!) }),
})
