// The growth report of a list: members who joined and left per day, and the member total at
// the end of each day, over the last N days in the company's time zone. Totals are walked
// back from the current count, so they agree with the list's member count.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { prep, sqlDate } from '@/lib/db/sqlite'
import { nowMs } from '@/lib/segments/clock'
import { getGroupRow } from './get-group'

export const listGrowthQuery = z.object({ days: z.coerce.number().int().min(1).max(730).default(30) })

export interface GrowthDay { date: string; joined: number; left: number; net: number; total: number }
export interface Growth { listId: string; timezone: string; days: GrowthDay[]; joined: number; left: number }

/** Minutes east of UTC of a time zone at `at` (DST changes inside the range are ignored). */
function offsetMinutes(timeZone: string, at: number): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(new Date(at))
    const n = (t: string) => Number(parts.find((p) => p.type === t)?.value)
    return Math.round((Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) - Math.floor(at / 60000) * 60000) / 60000)
  } catch {
    return 0
  }
}

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export async function listGrowth(companyId: number, listId: string, input: z.input<typeof listGrowthQuery> = {}): Promise<Growth> {
  const { days } = listGrowthQuery.parse(input)
  const g = await getGroupRow(companyId, listId)
  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  const timezone = company?.timezone ?? 'UTC'
  const now = nowMs()
  const off = offsetMinutes(timezone, now)
  const todayLocal = Date.parse(dayString(now + off * 60000) + 'T00:00:00Z')
  const firstLocal = todayLocal - (days - 1) * 86400000
  const since = sqlDate(new Date(firstLocal - off * 60000))
  const rows = prep(`SELECT date(at, ?) AS day, kind, COUNT(*) AS n FROM GroupMembershipChange
    WHERE groupId = ? AND companyId = ? AND at >= ? GROUP BY day, kind`)
    .all(`${off >= 0 ? '+' : ''}${off} minutes`, g.id, companyId, since) as Array<{ day: string; kind: string; n: number }>
  const byDay = new Map<string, { joined: number; left: number }>()
  for (const r of rows) {
    const d = byDay.get(r.day) ?? { joined: 0, left: 0 }
    if (r.kind === 'entered') d.joined += r.n
    else d.left += r.n
    byDay.set(r.day, d)
  }
  const current = prep(`SELECT COUNT(*) FROM GroupMembership WHERE groupId = ? AND leftAt IS NULL`).pluck().get(g.id) as number
  const out: GrowthDay[] = []
  let total = current
  for (let t = todayLocal; t >= firstLocal; t -= 86400000) {
    const date = dayString(t)
    const d = byDay.get(date) ?? { joined: 0, left: 0 }
    out.push({ date, joined: d.joined, left: d.left, net: d.joined - d.left, total })
    total -= d.joined - d.left
  }
  out.reverse()
  return { listId: g.id, timezone, days: out, joined: out.reduce((s, d) => s + d.joined, 0), left: out.reduce((s, d) => s + d.left, 0) }
}
