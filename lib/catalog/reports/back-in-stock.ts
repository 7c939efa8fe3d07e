// /catalog/back-in-stock: subscriptions made and notified in the range, those still waiting,
// and conversions (a Placed Order naming the item by the subscriber within 7 days of the
// notification), per variant.
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { productIdsOf } from '../link-events'
import type { DateRange } from './range'

const CONVERSION_MS = 7 * 86_400_000

export interface BisVariantRow {
  variantId: string
  itemId: string
  title: string
  sku: string
  inventory: number
  subscriptions: number
  notified: number
  pending: number
  conversions: number
}

export async function backInStockReport(
  companyId: number,
  range: DateRange,
): Promise<{
  totals: { subscriptions: number; notified: number; pending: number; conversions: number; revenue: number }
  variants: BisVariantRow[]
}> {
  const subs = await read(
    select(
      kysely()
        .selectFrom('BackInStockSubscription')
        .select(['id', 'profileId', 'variantId', 'itemId', 'createdAt', 'notifiedAt'])
        .where('companyId', '=', companyId)
        .where((eb) =>
          eb.or([
            eb.and([eb('createdAt', '>=', range.from), eb('createdAt', '<', range.to)]),
            eb.and([eb('notifiedAt', '>=', range.from), eb('notifiedAt', '<', range.to)]),
            eb('notifiedAt', 'is', null),
          ]),
        ),
    ),
  )
  const variantIds = [...new Set(subs.map((s) => s.variantId))]
  const variants = variantIds.length
    ? await read(
        select(
          kysely()
            .selectFrom('CatalogVariant as v')
            .innerJoin('CatalogItem as i', (j) =>
              j.onRef('i.id', '=', 'v.itemId').onRef('i.companyId', '=', 'v.companyId'),
            )
            .select([
              'v.id as id',
              'v.itemId as itemId',
              'v.title as title',
              'v.sku as sku',
              'v.inventoryQuantity as inventory',
              'i.externalId as itemExternalId',
            ])
            .where('v.companyId', '=', companyId)
            .where('v.id', 'in', variantIds),
        ),
      )
    : []
  const vmap = new Map(variants.map((v) => [v.id, v]))
  // Conversions: the notified subscribers' Placed Order events after their notification.
  const notified = subs.filter(
    (s) => s.notifiedAt && toDate(s.notifiedAt)! >= range.from && toDate(s.notifiedAt)! < range.to,
  )
  const converted = new Set<string>()
  let revenue = 0
  if (notified.length) {
    const placed = await read(
      select(
        kysely()
          .selectFrom('Metric')
          .select('id')
          .where('companyId', '=', companyId)
          .where('name', '=', 'Placed Order'),
      ),
    )
    const profileIds = [...new Set(notified.map((s) => s.profileId))]
    if (placed.length) {
      for (let i = 0; i < profileIds.length; i += 500) {
        const events = await read(
          select(
            kysely()
              .selectFrom('Event')
              .select(['profileId', 'ts', 'value', 'properties'])
              .where('companyId', '=', companyId)
              .where('metricId', '=', placed[0]!.id)
              .where('profileId', 'in', profileIds.slice(i, i + 500))
              .where('ts', '>=', Math.floor(range.from.getTime() / 1000)),
          ),
        )
        for (const s of notified) {
          if (converted.has(s.id)) continue
          const at = toDate(s.notifiedAt)!.getTime()
          const ext = vmap.get(s.variantId)?.itemExternalId
          const hit = events.find(
            (e) =>
              e.profileId === s.profileId &&
              e.ts * 1000 >= at &&
              e.ts * 1000 < at + CONVERSION_MS &&
              ext &&
              (() => {
                try {
                  return productIdsOf(JSON.parse(e.properties) as Record<string, unknown>).includes(ext)
                } catch {
                  return false
                }
              })(),
          )
          if (hit) {
            converted.add(s.id)
            revenue += Number(hit.value ?? 0)
          }
        }
      }
    }
  }
  const rows = new Map<string, BisVariantRow>()
  for (const s of subs) {
    const v = vmap.get(s.variantId)
    const row = rows.get(s.variantId) ?? {
      variantId: s.variantId,
      itemId: s.itemId,
      title: v?.title ?? '(deleted variant)',
      sku: v?.sku ?? '',
      inventory: Number(v?.inventory ?? 0),
      subscriptions: 0,
      notified: 0,
      pending: 0,
      conversions: 0,
    }
    const created = toDate(s.createdAt)!
    const n = toDate(s.notifiedAt)
    if (created >= range.from && created < range.to) row.subscriptions++
    if (n && n >= range.from && n < range.to) row.notified++
    if (!n) row.pending++
    if (converted.has(s.id)) row.conversions++
    rows.set(s.variantId, row)
  }
  const list = [...rows.values()].sort((x, y) => y.pending - x.pending || y.subscriptions - x.subscriptions)
  const sum = (k: 'subscriptions' | 'notified' | 'pending' | 'conversions') => list.reduce((n, r) => n + r[k], 0)
  return {
    totals: {
      subscriptions: sum('subscriptions'),
      notified: sum('notified'),
      pending: sum('pending'),
      conversions: sum('conversions'),
      revenue: Math.round(revenue * 100) / 100,
    },
    variants: list,
  }
}

export async function listBackInStockSubscriptions(
  companyId: number,
  filter: { variantId?: string; itemId?: string; limit?: number } = {},
) {
  let q = kysely()
    .selectFrom('BackInStockSubscription as s')
    .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 's.profileId').onRef('p.companyId', '=', 's.companyId'))
    .select([
      's.id as id',
      's.profileId as profileId',
      'p.email as email',
      's.variantId as variantId',
      's.itemId as itemId',
      's.channels as channels',
      's.createdAt as createdAt',
      's.notifiedAt as notifiedAt',
    ])
    .where('s.companyId', '=', companyId)
  if (filter.variantId) q = q.where('s.variantId', '=', filter.variantId)
  if (filter.itemId) q = q.where('s.itemId', '=', filter.itemId)
  const rows = await read(
    select(
      q
        .orderBy('s.createdAt', 'desc')
        .orderBy('s.id', 'desc')
        .limit(Math.min(filter.limit ?? 100, 500)),
    ),
  )
  return rows.map((r) => ({
    id: r.id,
    profileId: r.profileId,
    email: r.email ?? null,
    variantId: r.variantId,
    itemId: r.itemId,
    channels: (() => {
      try {
        return JSON.parse(r.channels) as string[]
      } catch {
        return []
      }
    })(),
    createdAt: toDate(r.createdAt)!,
    notifiedAt: toDate(r.notifiedAt),
  }))
}
