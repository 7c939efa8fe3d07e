import { z } from 'zod'
import { hubRoute } from '@/lib/customer-hub/hub-route'
import { recordHubVisit } from '@/lib/customer-hub/record-hub-visit'

export const dynamic = 'force-dynamic'

// POST /hub/{publicKey}/visit – counts the signed-in shopper's visit for the merchant's dashboard
export const POST = hubRoute({
  session: true,
  body: z.object({}).strict(),
  handler: async ({ ctx }) => {
    await recordHubVisit(ctx.company.id, ctx.profileId!)
  },
})
