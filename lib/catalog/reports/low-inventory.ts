// /catalog/reports/low-inventory/{flowId}: the low-inventory occurrences that entered profiles
// into this flow in the range, and its activity report (runs entered and messages sent per
// day, week or month; seed 002 §7.2's GET /ajax/catalog/reports/low-inventory/{id}/activity).
import { kysely } from '@/lib/db/kysely'
import { read, select, selectFirst } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import type { DateRange } from './range'
import { flowRunSendsOps } from './sends'

export type Granularity = 'day' | 'week' | 'month'

async function flowOf(companyId: number, flowId: string) {
  return read(
    selectFirst(
      kysely().selectFrom('Flow').select(['id', 'name']).where('companyId', '=', companyId).where('id', '=', flowId),
    ),
  )
}

async function runsOf(companyId: number, flowId: string, range: DateRange) {
  const rows = await read(
    select(
      kysely()
        .selectFrom('FlowRun')
        .select(['id', 'entryKey', 'createdAt', 'triggerEvent'])
        .where('companyId', '=', companyId)
        .where('flowId', '=', flowId)
        .where('triggerKind', '=', 'low-inventory')
        .where('createdAt', '>=', range.from)
        .where('createdAt', '<', range.to),
    ),
  )
  return rows.map((r) => {
    let props: Record<string, unknown> = {}
    try {
      props = (JSON.parse(r.triggerEvent ?? '{}') as { properties?: Record<string, unknown> }).properties ?? {}
    } catch {
      /* none */
    }
    return {
      id: r.id,
      entryKey: r.entryKey,
      createdAt: toDate(r.createdAt)!,
      itemId: String(props.item_id ?? ''),
      variantId: (props.variant_id as string | null) ?? null,
      inventory: Number(props.inventory_quantity ?? 0),
    }
  })
}

export interface LowInventoryRow {
  itemId: string
  variantId: string | null
  title: string
  inventory: number
  at: Date
  profilesEntered: number
}

export async function lowInventoryReport(
  companyId: number,
  flowId: string,
  range: DateRange,
): Promise<{
  flow: { id: string; name: string }
  totals: { occurrences: number; profilesEntered: number; sends: number }
  items: LowInventoryRow[]
} | null> {
  const flow = await flowOf(companyId, flowId)
  if (!flow) return null
  const runs = await runsOf(companyId, flowId, range)
  const byOccurrence = new Map<string, LowInventoryRow>()
  for (const r of runs) {
    const o = byOccurrence.get(r.entryKey)
    if (o) {
      o.profilesEntered++
      if (r.createdAt < o.at) o.at = r.createdAt
      continue
    }
    byOccurrence.set(r.entryKey, {
      itemId: r.itemId,
      variantId: r.variantId,
      title: '',
      inventory: r.inventory,
      at: r.createdAt,
      profilesEntered: 1,
    })
  }
  const items = [...byOccurrence.values()].sort((x, y) => y.at.getTime() - x.at.getTime())
  const ids = [...new Set(items.map((i) => i.itemId).filter(Boolean))]
  const titles = ids.length
    ? new Map(
        (
          await read(
            select(
              kysely()
                .selectFrom('CatalogItem')
                .select(['id', 'title'])
                .where('companyId', '=', companyId)
                .where('id', 'in', ids),
            ),
          )
        ).map((r) => [r.id, r.title]),
      )
    : new Map<string, string>()
  for (const i of items) i.title = titles.get(i.itemId) ?? '(deleted item)'
  const sends = await read(
    flowRunSendsOps(companyId, { flowId, triggerKind: 'low-inventory', from: range.from, to: range.to }),
  )
  return {
    flow: { id: flow.id, name: flow.name },
    totals: { occurrences: items.length, profilesEntered: runs.length, sends: sends.length },
    items,
  }
}

function bucketStart(d: Date, g: Granularity): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
  if (g === 'day') return day
  if (g === 'month') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))
  const monday = (day.getUTCDay() + 6) % 7
  return new Date(day.getTime() - monday * 86_400_000)
}
function nextBucket(d: Date, g: Granularity): Date {
  if (g === 'day') return new Date(d.getTime() + 86_400_000)
  if (g === 'week') return new Date(d.getTime() + 7 * 86_400_000)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
}

export async function lowInventoryActivity(
  companyId: number,
  flowId: string,
  opts: { range: DateRange; granularity: Granularity },
): Promise<{ granularity: Granularity; buckets: Array<{ start: string; entered: number; sends: number }> } | null> {
  const flow = await flowOf(companyId, flowId)
  if (!flow) return null
  const { range, granularity } = opts
  const buckets = new Map<number, { start: string; entered: number; sends: number }>()
  for (let t = bucketStart(range.from, granularity); t < range.to; t = nextBucket(t, granularity))
    buckets.set(t.getTime(), { start: t.toISOString(), entered: 0, sends: 0 })
  for (const r of await runsOf(companyId, flowId, range)) {
    const b = buckets.get(bucketStart(r.createdAt, granularity).getTime())
    if (b) b.entered++
  }
  for (const s of await read(
    flowRunSendsOps(companyId, { flowId, triggerKind: 'low-inventory', from: range.from, to: range.to }),
  )) {
    const b = buckets.get(bucketStart(s.createdAt, granularity).getTime())
    if (b) b.sends++
  }
  return { granularity, buckets: [...buckets.values()] }
}
