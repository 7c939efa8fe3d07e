// The growth report of a list: members who joined and left per day, and the member total at
// the end of each day, over the last N days in the company's time zone. Totals are walked
// back from the current count, so they agree with the list's member count.
import { z } from 'zod'
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { epochMs } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { nowMs } from '@/lib/segments/clock'
import { getGroupRow } from './get-group'

export const listGrowthQuery = z.object({ days: z.coerce.number().int().min(1).max(730).default(30) })

export interface GrowthDay {
  date: string
  joined: number
  left: number
  net: number
  total: number
}
export interface Growth {
  listId: string
  timezone: string
  days: GrowthDay[]
  joined: number
  left: number
}

/** Minutes east of UTC of a time zone at `at` (DST changes inside the range are ignored). */
function offsetMinutes(timeZone: string, at: number): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(at))
    const n = (t: string) => Number(parts.find((p) => p.type === t)?.value)
    return Math.round(
      (Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) - Math.floor(at / 60000) * 60000) / 60000,
    )
  } catch {
    return 0
  }
}

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export async function listGrowth(
  companyId: number,
  listId: string,
  input: z.input<typeof listGrowthQuery> = {},
): Promise<Growth> {
  const { days } = listGrowthQuery.parse(input)
  const g = await getGroupRow(companyId, listId)
  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  const timezone = company?.timezone ?? 'UTC'
  const now = nowMs()
  const off = offsetMinutes(timezone, now)
  const todayLocal = Date.parse(dayString(now + off * 60000) + 'T00:00:00Z')
  const firstLocal = todayLocal - (days - 1) * 86400000
  const since = new Date(firstLocal - off * 60000)
  // The local day of each change as a day number (ms since the epoch, shifted by the zone's
  // offset, over 86,400,000), the same on both engines. Grouped by its alias: repeated in
  // GROUP BY, its bound offset would be another parameter, which PostgreSQL does not match.
  const dayNo = sql<number>`floor((${epochMs(sql.ref('at'))} + ${off * 60000}) / 86400000.0)`
  const k = kysely()
  const { rows, current } = await read(
    (function* () {
      const rows = yield* select(
        k
          .selectFrom('GroupMembershipChange')
          .select([dayNo.as('day'), 'kind', (eb) => eb.fn.countAll().as('n')])
          .where('groupId', '=', g.id)
          .where('companyId', '=', companyId)
          .where('at', '>=', since)
          .groupBy([sql.ref('day'), 'kind']),
      )
      const current = Number(
        (yield* selectFirst(
          k
            .selectFrom('GroupMembership')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('groupId', '=', g.id)
            .where('leftAt', 'is', null),
        ))?.n ?? 0,
      )
      return { rows, current }
    })(),
  )
  const byDay = new Map<string, { joined: number; left: number }>()
  for (const r of rows) {
    const day = dayString(Number(r.day) * 86400000)
    const d = byDay.get(day) ?? { joined: 0, left: 0 }
    if (r.kind === 'entered') d.joined += Number(r.n)
    else d.left += Number(r.n)
    byDay.set(day, d)
  }
  const out: GrowthDay[] = []
  let total = current
  for (let t = todayLocal; t >= firstLocal; t -= 86400000) {
    const date = dayString(t)
    const d = byDay.get(date) ?? { joined: 0, left: 0 }
    out.push({ date, joined: d.joined, left: d.left, net: d.joined - d.left, total })
    total -= d.joined - d.left
  }
  out.reverse()
  return {
    listId: g.id,
    timezone,
    days: out,
    joined: out.reduce((s, d) => s + d.joined, 0),
    left: out.reduce((s, d) => s + d.left, 0),
  }
}
