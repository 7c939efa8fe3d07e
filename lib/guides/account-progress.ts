// What the account has already set up, read from its real rows, for the guided pages
// (/growth-strategies, /bfcm-hub): each step of a guide is done when its check holds. Flows
// count when live (status 2) and triggered as the step needs (a list, or a metric by name).
import { db } from '@/lib/db/client'
import { LIST } from '@/lib/groups/group-view'

const LIVE_FLOW = 2
const DAY = 86_400_000

export interface AccountProgress {
  liveForms: number
  lists: number
  segments: number
  subscribeLinks: number
  welcomeFlow: boolean
  abandonedCartFlow: boolean
  browseAbandonmentFlow: boolean
  postPurchaseFlow: boolean
  campaignsSent30d: number
  campaignsScheduled: number
  coupons: number
  verifiedDomains: number
  liveFlows: number
}

async function liveFlowOnMetric(companyId: number, metricName: string): Promise<boolean> {
  const metric = await db.metric.findFirst({ where: { companyId, name: metricName }, select: { id: true } })
  if (!metric) return false
  const triggers = await db.flowTrigger.findMany({
    where: { companyId, kind: 'metric', targetId: metric.id },
    select: { flowId: true },
  })
  if (!triggers.length) return false
  return (
    (await db.flow.count({
      where: { companyId, id: { in: triggers.map((t) => t.flowId) }, status: LIVE_FLOW, archived: false },
    })) > 0
  )
}

export async function accountProgress(companyId: number, now: Date): Promise<AccountProgress> {
  const listTriggers = await db.flowTrigger.findMany({ where: { companyId, kind: 'list' }, select: { flowId: true } })
  const [
    liveForms,
    lists,
    segments,
    subscribeLinks,
    welcome,
    abandonedCartFlow,
    browseAbandonmentFlow,
    postPurchaseFlow,
    campaignsSent30d,
    campaignsScheduled,
    coupons,
    verifiedDomains,
    liveFlows,
  ] = await Promise.all([
    db.form.count({ where: { companyId, status: 'live' } }),
    db.group.count({ where: { companyId, type: LIST, deletedAt: null } }),
    db.group.count({ where: { companyId, type: { not: LIST }, deletedAt: null } }),
    db.subscribeLink.count({ where: { companyId } }),
    db.flow.count({
      where: { companyId, id: { in: listTriggers.map((t) => t.flowId) }, status: LIVE_FLOW, archived: false },
    }),
    liveFlowOnMetric(companyId, 'Started Checkout'),
    liveFlowOnMetric(companyId, 'Viewed Product'),
    liveFlowOnMetric(companyId, 'Placed Order'),
    db.campaign.count({ where: { companyId, sentAt: { gte: new Date(now.getTime() - 30 * DAY) } } }),
    db.campaign.count({ where: { companyId, status: 'Scheduled', scheduledAt: { gte: now } } }),
    db.coupon.count({ where: { companyId } }),
    db.sendingDomain.count({ where: { companyId, verified: true } }),
    db.flow.count({ where: { companyId, status: LIVE_FLOW, archived: false } }),
  ])
  return {
    liveForms,
    lists,
    segments,
    subscribeLinks,
    welcomeFlow: welcome > 0,
    abandonedCartFlow,
    browseAbandonmentFlow,
    postPurchaseFlow,
    campaignsSent30d,
    campaignsScheduled,
    coupons,
    verifiedDomains,
    liveFlows,
  }
}

/** Black Friday of a year: the day after the fourth Thursday of November (UTC dates). */
export function blackFriday(year: number): Date {
  const nov1 = new Date(Date.UTC(year, 10, 1))
  const firstThursday = 1 + ((4 - nov1.getUTCDay() + 7) % 7)
  return new Date(Date.UTC(year, 10, firstThursday + 21 + 1))
}

/** The season of the hub: Black Friday of this year, or next year's once Cyber Monday is past. */
export function bfcmSeason(now: Date) {
  let bf = blackFriday(now.getUTCFullYear())
  if (now.getTime() > bf.getTime() + 4 * DAY) bf = blackFriday(now.getUTCFullYear() + 1)
  const cyberMonday = new Date(bf.getTime() + 3 * DAY)
  return {
    blackFriday: bf.toISOString().slice(0, 10),
    cyberMonday: cyberMonday.toISOString().slice(0, 10),
    daysUntil: Math.max(0, Math.ceil((bf.getTime() - now.getTime()) / DAY)),
  }
}
