import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { getReviewSettings } from '@/lib/reviews/review-settings'

// GET /client/review-widget-settings – the merchant's styles of the onsite reviews widgets
export const GET = clientRoute({
  rate: { burst: 350, steady: 3500 },
  handler: async ({ ctx }) => ({
    data: {
      type: 'review-widget-settings',
      id: String(ctx.companyId),
      attributes: { widgets: (await getReviewSettings(ctx.companyId)).widgets },
    },
  }),
})

// OPTIONS /client/review-widget-settings – CORS preflight
export const OPTIONS = clientPreflight
