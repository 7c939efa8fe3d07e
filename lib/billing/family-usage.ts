// The family of an account: the companies that share an owner with it (a store group or agency
// running several stores; the portfolio issue groups them further). Each one's package and usage
// this period, read only for companies the asking user is a member of, so an owner of a sibling
// the user cannot open is counted but not named.
import { db } from '@/lib/db/client'
import { read } from '@/lib/db/ops'
import { usageOps } from './measure-usage'
import { getSubscription } from './subscription'

export async function familyUsage(companyId: number, userId: number, now = new Date()) {
  const owners = await db.membership.findMany({ where: { companyId, role: 'owner' }, select: { userId: true } })
  const family = await db.membership.findMany({
    where: { userId: { in: owners.map((o) => o.userId) }, role: 'owner' },
    select: { companyId: true },
    distinct: ['companyId'],
  })
  const ids = [...new Set([companyId, ...family.map((f) => f.companyId)])].sort((a, b) => a - b)
  const mine = new Set(
    (await db.membership.findMany({ where: { userId, companyId: { in: ids } }, select: { companyId: true } })).map(
      (m) => m.companyId,
    ),
  )
  const companies = await db.company.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  })
  const rows = []
  for (const c of companies) {
    const sub = await getSubscription(c.id, now)
    const u = await read(usageOps(c.id, sub.period))
    rows.push({
      companyId: mine.has(c.id) ? c.id : null,
      name: mine.has(c.id) ? c.name : null,
      emailPlanKey: sub.emailPlanKey,
      smsPlanKey: sub.smsPlanKey,
      ...u,
    })
  }
  const total = rows.reduce(
    (a, r) => ({
      activeProfiles: a.activeProfiles + r.activeProfiles,
      emailsSent: a.emailsSent + r.emailsSent,
      smsSegments: a.smsSegments + r.smsSegments,
    }),
    { activeProfiles: 0, emailsSent: 0, smsSegments: 0 },
  )
  return { companies: rows, total }
}
