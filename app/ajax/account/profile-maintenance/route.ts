import { ajax } from '@/lib/http/ajax'
import {
  cleanupBody,
  describeDormantProfiles,
  maintenanceQuery,
  removeDormantProfiles,
} from '@/lib/data-privacy/dormant-anonymous-profiles'

// GET /ajax/account/profile-maintenance?inactiveDays= – how many profiles cannot be reached and are dormant
export const GET = ajax({
  partial: ['profile_write', 'account_settings_read'],
  query: maintenanceQuery,
  handler: ({ ctx, query }) => describeDormantProfiles(ctx.principal.companyId, query.inactiveDays),
})

// POST /ajax/account/profile-maintenance {inactiveDays, expected} – queues their deletion (a batch per call)
export const POST = ajax({
  resources: ['profile_write'],
  body: cleanupBody,
  handler: ({ ctx, body }) => removeDormantProfiles(ctx.principal.companyId, body),
})
