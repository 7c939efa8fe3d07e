import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { getReviewSettings } from '@/lib/reviews/review-settings'
import { widgetLabels } from '@/lib/reviews/widget-labels'

// GET /client/review-widget-settings – the merchant's styles of the onsite reviews widgets and
// the widgets' labels in the account's language
export const GET = clientRoute({
  rate: { burst: 350, steady: 3500 },
  handler: async ({ ctx }) => {
    const [settings, { locale, labels }] = await Promise.all([
      getReviewSettings(ctx.companyId),
      widgetLabels(ctx.companyId),
    ])
    return {
      data: {
        type: 'review-widget-settings',
        id: String(ctx.companyId),
        attributes: { widgets: settings.widgets, locale, labels },
      },
    }
  },
})

// OPTIONS /client/review-widget-settings – CORS preflight
export const OPTIONS = clientPreflight
