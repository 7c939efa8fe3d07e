import { apiRoute } from '@/lib/api/api-route'
import { bulkUnsubscribeBody, bulkUnsubscribeInput } from '@/lib/api/bulk-consent/unsubscribe-job'
import { createBulkConsentJob } from '@/lib/messaging/unsubscribe/bulk-jobs'

// POST /api/profile-subscription-bulk-delete-jobs – unsubscribes up to 100 profiles through the job queue (202, no body)
export const POST = apiRoute({
  scopes: ['lists:write', 'profiles:write', 'subscriptions:write'],
  rate: 'M',
  body: bulkUnsubscribeBody,
  status: 202,
  handler: async ({ ctx, body }) => {
    const { entries, listId } = bulkUnsubscribeInput(body)
    await createBulkConsentJob({ companyId: ctx.companyId, kind: 'subscription_delete', entries, listId })
  },
})
