// What the app shell says about billing (seed 000 §3 company flags): a failed payment, and a
// cancellation scheduled for the period's end with the plans it ends. Read as stored (no roll,
// no row made), since the shell asks on every page load.
import { db } from '@/lib/db/client'
import { FREE_EMAIL_PLAN } from './plans'

export interface ShellBillingState {
  inFailedPaymentState: boolean
  scheduledForCancellation: boolean
  scheduledCancellationProducts: string[]
}

export async function shellBillingState(companyId: number): Promise<ShellBillingState> {
  const s = await db.companySubscription.findUnique({
    where: { companyId },
    select: { status: true, cancelAtPeriodEnd: true, emailPlanKey: true, smsPlanKey: true, addonPlanKeys: true },
  })
  if (!s) return { inFailedPaymentState: false, scheduledForCancellation: false, scheduledCancellationProducts: [] }
  let addons: string[] = []
  try {
    addons = JSON.parse(s.addonPlanKeys) as string[]
  } catch {
    addons = []
  }
  const paid = [s.emailPlanKey !== FREE_EMAIL_PLAN ? s.emailPlanKey : null, s.smsPlanKey, ...addons].filter(
    (k): k is string => !!k,
  )
  return {
    inFailedPaymentState: s.status === 'past_due',
    scheduledForCancellation: s.cancelAtPeriodEnd,
    scheduledCancellationProducts: s.cancelAtPeriodEnd ? paid : [],
  }
}
