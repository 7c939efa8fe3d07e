// An order history drawn from the BG/NBD story itself (exponential gaps at a per-customer rate,
// a per-customer chance of dropping out after each order), with a seeded generator so a test
// sees the same customers every run. Written through Prisma: a few thousand rows.
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'

function rng(seed: number) {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}

export async function seedOrderHistory(
  companyId: number,
  opts: { customers: number; days: number; now: Date; seed?: number; metricName?: string },
): Promise<{ metricId: string; profileIds: string[] }> {
  const random = rng(opts.seed ?? 1)
  const metric = await db.metric.create({
    data: { id: ulid(), companyId, name: opts.metricName ?? 'Placed Order', integration: 'api' },
  })
  const nowSec = Math.floor(opts.now.getTime() / 1000)
  const profileIds: string[] = []
  const events: Array<{ companyId: number; profileId: string; metricId: string; ts: number; value: number }> = []
  for (let i = 0; i < opts.customers; i++) {
    const id = ulid()
    profileIds.push(id)
    const meanGapDays = 20 + 200 * random() * random()
    const dropout = 0.1 + 0.5 * random()
    const spend = 20 + 80 * random()
    let t = nowSec - Math.floor(random() * (opts.days - 1) * 86_400) - 86_400
    for (;;) {
      events.push({
        companyId,
        profileId: id,
        metricId: metric.id,
        ts: t,
        value: Math.round(spend * (0.5 + random()) * 100) / 100,
      })
      if (random() < dropout) break
      t += Math.ceil(-Math.log(1 - random()) * meanGapDays * 86_400)
      if (t > nowSec) break
    }
  }
  await db.profile.createMany({
    data: profileIds.map((id, i) => ({ id, companyId, email: `c${i}-${id}@example.test` })),
  })
  for (let i = 0; i < events.length; i += 1000) await db.event.createMany({ data: events.slice(i, i + 1000) })
  return { metricId: metric.id, profileIds }
}
