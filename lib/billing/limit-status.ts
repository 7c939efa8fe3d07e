// Whether the account is held back by its plan this period (the app banner, for every member:
// everyone should know why messages are skipped; only billing users see the figures and fix it).
import { read } from '@/lib/db/ops'
import { limitsEnforced } from './billing-config'
import { sentUnitsOps } from './measure-usage'
import { listPlans, planAllowance } from './plans'
import { getSubscription } from './subscription'

export async function limitStatus(companyId: number, now = new Date()) {
  if (!limitsEnforced()) return { email: false, sms: false }
  const [sub, plans] = await Promise.all([getSubscription(companyId, now), listPlans()])
  const reached = async (channel: 'email' | 'sms', key: string, consent: boolean) => {
    const plan = plans.find((p) => p.key === key)
    const limit = plan ? planAllowance(plan) : null
    if (limit == null || consent) return false
    return (await read(sentUnitsOps(companyId, channel, sub.period))) >= limit
  }
  return {
    email: await reached('email', sub.emailPlanKey, sub.autoUpgradeEmail),
    sms: await reached('sms', sub.smsPlanKey, sub.autoUpgradeSms),
  }
}
