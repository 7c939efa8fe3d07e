import { hubRoute } from '@/lib/customer-hub/hub-route'
import { startHubReturn, startReturnBody } from '@/lib/customer-hub/start-hub-return'

export const dynamic = 'force-dynamic'

// POST /hub/{publicKey}/returns – starts a return of one line of the shopper's own order (201, or 200 when it already exists)
export const POST = hubRoute({
  session: true,
  body: startReturnBody,
  handler: async ({ ctx, body }) => {
    const { request, created } = await startHubReturn(ctx.company.id, ctx.profileId!, body)
    return Response.json(
      { id: request.id, orderKey: request.orderKey, itemKey: request.itemKey, status: request.status, created },
      { status: created ? 201 : 200, headers: { 'cache-control': 'no-store' } },
    )
  },
})
