// Per-account figures over calendar quarters (UTC): new profiles, messages delivered, orders and
// revenue (the Placed Order metric). Read by the staff quarterly growth report and by the
// account's own partner and executive reviews; every query carries the company id.
import { db } from '@/lib/db/client'
import { DELIVERED_LIKE } from '@/lib/messaging/types'

export interface QuarterFigures {
  quarter: string
  start: string
  end: string
  newProfiles: number
  messagesDelivered: number
  orders: number
  revenue: number
}

/** The last `count` quarters, oldest first, the current (partial) one included. */
export function lastQuarters(now: Date, count: number): { label: string; start: Date; end: Date }[] {
  const out: { label: string; start: Date; end: Date }[] = []
  let y = now.getUTCFullYear()
  let q = Math.floor(now.getUTCMonth() / 3)
  for (let i = 0; i < count; i++) {
    out.unshift({
      label: `${y}-Q${q + 1}`,
      start: new Date(Date.UTC(y, q * 3, 1)),
      end: new Date(Date.UTC(y, q * 3 + 3, 1)),
    })
    if (--q < 0) {
      q = 3
      y--
    }
  }
  return out
}

export async function quarterlyFigures(companyId: number, now = new Date(), count = 4): Promise<QuarterFigures[]> {
  const order = await db.metric.findUnique({ where: { companyId_name: { companyId, name: 'Placed Order' } } })
  return Promise.all(
    lastQuarters(now, count).map(async ({ label, start, end }) => {
      const [newProfiles, messagesDelivered, orders] = await Promise.all([
        db.profile.count({ where: { companyId, createdAt: { gte: start, lt: end } } }),
        db.send.count({ where: { companyId, status: { in: DELIVERED_LIKE }, createdAt: { gte: start, lt: end } } }),
        order
          ? db.event.aggregate({
              where: {
                companyId,
                metricId: order.id,
                ts: { gte: Math.floor(start.getTime() / 1000), lt: Math.floor(end.getTime() / 1000) },
              },
              _count: { _all: true },
              _sum: { value: true },
            })
          : null,
      ])
      return {
        quarter: label,
        start: start.toISOString(),
        end: end.toISOString(),
        newProfiles,
        messagesDelivered,
        orders: orders?._count._all ?? 0,
        revenue: Math.round((orders?._sum.value ?? 0) * 100) / 100,
      }
    }),
  )
}

/** The account's currency, for the revenue column. */
export async function companyCurrency(companyId: number): Promise<string> {
  return (await db.company.findUnique({ where: { id: companyId }, select: { currency: true } }))?.currency ?? 'USD'
}
