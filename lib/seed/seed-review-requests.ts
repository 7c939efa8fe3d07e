// Demo review requests (issue 24 §1): the Demo Store's "Review request after fulfilment" flow
// (the flow template, live) asked every order of the year 7 days after it, for the order's
// catalog products: one ReviewRequest row per (order, product) with its email's Send (delivered)
// and Opened Email events at realistic rates, and the demo reviews (seed-demo-reviews.ts, run
// before) answering theirs, so /reviews/performance and /reviews/orders show sent, opened and
// reviewed figures. Bulk writes in one transaction (insert-rows.ts); deterministic for a seed
// and `now` (ids from the seed's generator, choices from a hash of the order).
import { createHash } from 'node:crypto'
import { db, dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, type Ops } from '@/lib/db/ops'
import { sqlDate } from '@/lib/db/sqlite'
import { getOrCreateMetricOps } from '@/lib/events/get-or-create-metric'
import { MESSAGE_METRIC_INTEGRATION, MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { createFlowFromTemplate } from '@/lib/flows/templates'
import { setActionStatuses, setFlowStatus } from '@/lib/flows/store'
import { DAY_MS } from './calendar'
import { insertRows } from './insert-rows'
import { createRng, seededUlid } from './prng'

const SEND_COLUMNS = [
  'id',
  'companyId',
  'channel',
  'sourceType',
  'sourceId',
  'profileId',
  'transactional',
  'status',
  'content',
  'context',
  'attempts',
  'provider',
  'subject',
  'createdAt',
  'updatedAt',
  'sendingAt',
  'sentAt',
  'finishedAt',
] as const
const REQUEST_COLUMNS = [
  'id',
  'companyId',
  'profileId',
  'orderKey',
  'productExternalId',
  'sendId',
  'reviewId',
  'createdAt',
  'submittedAt',
] as const
const EVENT_COLUMNS = ['companyId', 'profileId', 'metricId', 'ts', 'uniqueId', 'properties', 'createdAt'] as const

const SUBJECT = 'How did we do?'
const h = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0)

interface Order {
  key: string
  profileId: string
  ts: number
  products: Set<string>
}

export async function seedDemoReviewRequests(companyId: number, opts: { seed: string; now?: Date }) {
  const t0 = Date.now()
  const nowMs = (opts.now ?? new Date()).getTime()
  const metric = await db.metric.findFirst({ where: { companyId, name: 'Ordered Product' }, select: { id: true } })
  if (!metric) return { requests: 0, sends: 0, opened: 0, answered: 0, ms: Date.now() - t0 }

  // the flow, live since before the simulated year, its action live too
  const flowId = await createFlowFromTemplate(companyId, 'review_request')
  const actions = await db.flowAction.findMany({ where: { companyId, flowId }, select: { id: true, actionType: true } })
  await setActionStatuses(
    companyId,
    flowId,
    actions.map((a) => a.id),
    'live',
  )
  await setFlowStatus(companyId, flowId, 'live')
  const actionId = actions.find((a) => a.actionType === 'send-review-request')!.id

  const tFlow = Date.now()
  const [lines, items, reviews] = await Promise.all([
    db.event.findMany({
      where: { companyId, metricId: metric.id, ts: { gte: Math.floor((nowMs - 365 * DAY_MS) / 1000) } },
      select: { profileId: true, ts: true, properties: true },
      orderBy: { id: 'asc' },
    }),
    db.catalogItem.findMany({ where: { companyId, deleted: false }, select: { externalId: true } }),
    db.review.findMany({
      where: { companyId, orderKey: { not: null }, productExternalId: { not: null } },
      select: { id: true, orderKey: true, productExternalId: true, createdAt: true },
    }),
  ])
  const tRead = Date.now()
  const inCatalog = new Set(items.map((i) => i.externalId))
  const orders = new Map<string, Order>()
  for (const l of lines) {
    const p = JSON.parse(l.properties) as { OrderId?: unknown; ProductID?: unknown }
    if (p.OrderId == null || p.ProductID == null || !inCatalog.has(String(p.ProductID))) continue
    const key = String(p.OrderId)
    const o =
      orders.get(key) ?? orders.set(key, { key, profileId: l.profileId, ts: l.ts, products: new Set() }).get(key)!
    o.products.add(String(p.ProductID))
  }
  const answers = new Map(reviews.map((r) => [`${r.orderKey}\u0000${r.productExternalId}`, r]))

  const rng = createRng(`${opts.seed}/review-requests/${companyId}`)
  const iso =
    dbEngine() === 'sqlite' ? (ms: number) => sqlDate(new Date(ms)) : (ms: number) => new Date(ms).toISOString()
  const bool = (b: boolean) => (dbEngine() === 'postgresql' ? b : b ? 1 : 0)
  const sends: unknown[][] = []
  const requests: unknown[][] = []
  const events: unknown[][] = []
  let answered = 0
  let opened = 0
  // Orders in time order: the ids grow with the send time, as the engine's would.
  for (const o of [...orders.values()].sort((a, b) => a.ts - b.ts || (a.key < b.key ? -1 : 1))) {
    const atMs = o.ts * 1000 + 7 * DAY_MS + (h(`${opts.seed}:rr:${o.key}`) % 7200) * 1000
    if (atMs > nowMs) continue
    const sendId = seededUlid(rng, atMs)
    const products = [...o.products]
    const answer = products.map((p) => answers.get(`${o.key}\u0000${p}`))
    sends.push([
      sendId,
      companyId,
      'email',
      'flow_action_run',
      `${actionId}:seed-${o.key}`,
      o.profileId,
      bool(false),
      'delivered',
      JSON.stringify({ subject: SUBJECT, text: '' }),
      JSON.stringify({ $flow: flowId, $action: actionId }),
      1,
      'smtp',
      SUBJECT,
      iso(atMs - 60_000),
      iso(atMs),
      iso(atMs),
      iso(atMs),
      iso(atMs),
    ])
    products.forEach((p, i) => {
      const r = answer[i]
      if (r) answered++
      requests.push([
        seededUlid(rng, atMs),
        companyId,
        o.profileId,
        o.key,
        p,
        sendId,
        r?.id ?? null,
        iso(atMs),
        r ? iso(r.createdAt.getTime()) : null,
      ])
    })
    const props = (extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        $send_id: sendId,
        $message: `${actionId}:seed-${o.key}`,
        $source_type: 'flow_action_run',
        channel: 'email',
        Subject: SUBJECT,
        ...extra,
      })
    // everyone who answered opened it; of the rest about four in ten, within two days
    const x = h(`${opts.seed}:open:${o.key}`)
    if (answer.some(Boolean) || x % 100 < 40) {
      const openMs = atMs + (x % 172_800) * 1000
      if (openMs <= nowMs) {
        opened++
        events.push([companyId, o.profileId, '', Math.floor(openMs / 1000), `${sendId}:opened`, props(), iso(openMs)])
      }
    }
  }

  const tBuild = Date.now()
  await inWriteTx(function* (): Ops<void> {
    const openedId = (yield* getOrCreateMetricOps(companyId, MESSAGE_METRICS.email.opened, MESSAGE_METRIC_INTEGRATION))
      .id
    yield* insertRows('Send', SEND_COLUMNS, sends)
    yield* insertRows('ReviewRequest', REQUEST_COLUMNS, requests)
    yield* insertRows(
      'Event',
      EVENT_COLUMNS,
      events.map((e) => {
        e[2] = openedId
        return e
      }),
    )
    // the flow existed before the year it asked in
    yield* exec(
      kysely()
        .updateTable('Flow')
        .set({ createdAt: new Date(nowMs - 380 * DAY_MS) })
        .where('companyId', '=', companyId)
        .where('id', '=', flowId),
    )
  })
  const end = Date.now()
  return {
    requests: requests.length,
    sends: sends.length,
    opened,
    answered,
    ms: end - t0,
    phases: { flow: tFlow - t0, read: tRead - tFlow, build: tBuild - tRead, write: end - tBuild },
  }
}
