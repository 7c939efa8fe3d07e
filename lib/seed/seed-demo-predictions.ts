// The demo's predictive analytics (issue 23 §3): one refit of the account's models on the order
// history the audience seed wrote, so the CLV screen, the profile card and the predictive
// segment conditions have scores right after `npm run db:seed`.
import { refitCompany, type RefitResult } from '@/lib/predictive/refit-company'

export async function seedDemoPredictions(companyId: number, now = new Date()): Promise<RefitResult> {
  return refitCompany(companyId, { now, trigger: 'seed' })
}
