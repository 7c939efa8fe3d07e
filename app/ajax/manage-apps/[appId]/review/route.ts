import { ajax } from '@/lib/http/ajax'
import { submitForReview } from '@/lib/oauth/manage-app'

// POST /ajax/manage-apps/{appId}/review – submits the app for review (status in_review)
export const POST = ajax({
  resources: ['applications_write'],
  handler: async ({ ctx, params }) => ({ app: await submitForReview(ctx.principal.companyId, params.appId ?? '') }),
})
