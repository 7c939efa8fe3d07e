import { ajax } from '@/lib/http/ajax'
import { profileIdParam } from '@/lib/profile-view/profile-params'
import { getProfilePrediction } from '@/lib/predictive/get-profile-prediction'

// GET /ajax/predictive/profile/{id} – the profile page's predictive analytics card: the vendor's
// PredictiveAnalytics fields (all null without a prediction) and the company's currency
export const GET = ajax({
  resources: ['profile_read'],
  handler: ({ ctx, params }) => getProfilePrediction(ctx.principal.companyId, profileIdParam(params)),
})
export type ProfilePredictionResponse = Awaited<ReturnType<typeof getProfilePrediction>>
