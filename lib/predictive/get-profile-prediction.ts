// One profile's predictive analytics for its page, with the company's currency; a profile of
// another company (or none) reads as "no prediction", never another company's row.
import { companyCurrency } from '@/lib/reporting/company-currency'
import { predictionsFor, type PredictiveAnalytics } from '@/lib/profiles/predictive-analytics'

export async function getProfilePrediction(
  companyId: number,
  profileId: string,
): Promise<{ prediction: PredictiveAnalytics | null; currency: string }> {
  const [map, currency] = await Promise.all([predictionsFor(companyId, [profileId]), companyCurrency(companyId)])
  return { prediction: map.get(profileId) ?? null, currency }
}
