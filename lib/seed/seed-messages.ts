// The demo store's year of messages (issue 28 §2): its flows live (welcome series, abandoned
// checkout, browse abandonment, post-purchase thank you, win-back, back in stock) with a year of
// runs, steps and sends walked over the seeded store events; about fifty sent campaigns (weekly
// newsletters, sales, one subject-line A/B test, one SMS campaign) created through the campaign
// store; each message's deliveries, bounces, opens (people and machines), clicks, unsubscribes
// and complaints as the pipeline's own message events; and the orders attributed to the
// messages that earned them by the real attribution rules (lib/attribution/attribute.ts) over
// those events. Flows and campaigns come from their stores; the rows of their history go in
// through the seed's bulk path (insert-rows.ts) with the same keys the pipeline writes: one
// Send per (company, channel, source, profile), message events keyed by send and occurrence,
// indexed by the Event trigger. Deterministic for a seed and `now` (ids of flows and campaigns
// aside).
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, runOpsSync, select, type Ops } from '@/lib/db/ops'
import { sqlite, writeTx } from '@/lib/db/sqlite'
import { storedTimeOfMs } from '@/lib/db/dialect'
import { dbBool } from '@/lib/db/query-template'
import { getOrCreateMetricOps } from '@/lib/events/get-or-create-metric'
import { MESSAGE_METRIC_INTEGRATION } from '@/lib/messaging/message-events'
import { attributeConversionsOps } from '@/lib/attribution/attribute'
import { attributionSettingsOps } from '@/lib/attribution/settings'
import { prepareFlowJobs, wakeAtOps } from '@/lib/flows/engine/wake'
import { evaluateWinner, variationFigures } from '@/lib/campaigns/ab-test'
import { db } from '@/lib/db/client'
import { DAY_MS } from './calendar'
import { insertRows } from './insert-rows'
import { createRng, seededUlid } from './prng'
import { simulateEngagement, type Audience, type SimSend } from './simulate-engagement'
import { simulateFlowRuns, type FlowEntry, type FlowWorld } from './simulate-flow-runs'
import { loadSeedWorld, type SeedWorld } from './message-world'
import { seedDemoFlows } from './seed-demo-flows'
import { seedDemoCampaigns } from './seed-demo-campaigns'

export interface SeedMessagesOptions {
  seed?: string
  now?: Date
  storeUrl?: string
  months?: number
}

export interface SeedMessagesResult {
  flows: number
  flowRuns: number
  campaigns: number
  sends: number
  messageEvents: number
  attributedOrders: number
  ms: number
}

const SEND_COLUMNS = [
  'id',
  'companyId',
  'channel',
  'sourceType',
  'sourceId',
  'profileId',
  'transactional',
  'status',
  'reason',
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
const RUN_COLUMNS = [
  'id',
  'companyId',
  'flowId',
  'version',
  'profileId',
  'entryKey',
  'triggerKind',
  'status',
  'currentActionId',
  'wakeAt',
  'triggerEvent',
  'stepCount',
  'attempts',
  'createdAt',
  'updatedAt',
  'finishedAt',
] as const
const STEP_COLUMNS = [
  'companyId',
  'flowId',
  'runId',
  'actionId',
  'actionType',
  'profileId',
  'status',
  'outcome',
  'detail',
  'at',
  'updatedAt',
] as const
const EVENT_COLUMNS = [
  'companyId',
  'profileId',
  'metricId',
  'ts',
  'value',
  'currency',
  'uniqueId',
  'properties',
  'createdAt',
] as const
const RECIPIENT_COLUMNS = [
  'campaignId',
  'profileId',
  'companyId',
  'messageId',
  'variationId',
  'cohort',
  'sendAt',
  'status',
  'sendId',
  'releasedAt',
] as const

export async function seedMessages(companyId: number, opts: SeedMessagesOptions = {}): Promise<SeedMessagesResult> {
  const t0 = Date.now()
  const nowMs = (opts.now ?? new Date()).getTime()
  const seed = opts.seed ?? 'demo-store'
  const storeUrl = (opts.storeUrl ?? 'https://demo-store.example').replace(/\/$/, '')
  const startMs = nowMs - (opts.months ?? 12) * 30.5 * DAY_MS
  const rng = createRng(`${seed}/messages`)
  // Send and run ids are global primary keys: their random part depends on the company too.
  const idRng = createRng(`${seed}/message-ids/${companyId}`)
  const w = await loadSeedWorld(companyId, nowMs)

  // Flows: live, with a year of journeys.
  const flows = await seedDemoFlows(companyId, { startMs })
  const flowWorld: FlowWorld = {
    nowMs,
    eventTimes: (p, metricId) => w.eventTimes(p, metricId),
    mailable: (p, at) => w.mailable(p, at),
    runId: (at) => seededUlid(idRng, at),
    sendId: (at) => seededUlid(idRng, at),
  }
  const runs: Array<{ flowId: string; version: number; triggerKind: string; r: ReturnType<typeof simulateFlowRuns> }> =
    []
  for (const f of flows) {
    const entries: FlowEntry[] =
      f.spec.triggerKind === 'list'
        ? w
            .listEntries(f.listId!)
            .map((m) => ({ profile: m.profile, atMs: m.atMs, entryKey: `group:${f.listId}:${m.atMs}`, eventId: null }))
        : // Store events of people the store cannot email start runs that only ever skip their
          // messages: the demo leaves them out, as a "can receive email" filter would.
          w
            .events(f.triggerMetricId!)
            .filter((e) => w.mailable(e.profile, e.ts * 1000))
            .map((e) => ({ profile: e.profile, atMs: e.ts * 1000, entryKey: `event:${e.id}`, eventId: e.id }))
    runs.push({
      flowId: f.spec.flowId,
      version: f.spec.version,
      triggerKind: f.spec.triggerKind,
      r: simulateFlowRuns(f.spec, entries, flowWorld),
    })
  }
  const sends: SimSend[] = []
  const sendRun = new Map<string, { flowId: string; runId: string; actionId: string; messageId: string }>()
  for (const { flowId, r } of runs) {
    for (const s of r.sends) {
      sends.push({
        id: s.id,
        profile: s.profile,
        channel: 'email',
        sourceType: 'flow_action_run',
        sourceId: `${s.actionId}:${s.runId}`,
        subject: s.subject,
        atMs: s.atMs,
        pull: 1.15,
      })
      sendRun.set(s.id, { flowId, runId: s.runId, actionId: s.actionId, messageId: s.messageId })
    }
  }

  // Campaigns: created through the campaign store, then their sends.
  const campaigns = await seedDemoCampaigns(companyId, w, {
    rng: rng.fork('campaigns'),
    idRng,
    startMs,
    nowMs,
    storeUrl,
  })
  sends.push(...campaigns.sends)

  // Each profile's unsubscribe, complaint or bounce happens on a message it got.
  markEnds(sends, w)
  const audience: Audience = {
    openRate: (p) => w.openRate(p),
    apple: (p) => w.apple(p),
    nextOrderMs: (p, at) => w.nextOrderMs(p, at),
    storeUrl,
    nowMs,
  }
  const engage = rng.fork('engagement')
  // Time, then profile: ids differ between companies, the draws must not.
  sends.sort((a, b) => a.atMs - b.atMs || a.profile - b.profile)
  const outcomes = sends.map((s) => simulateEngagement(engage, s, audience))

  const iso = storedTimeOfMs()
  const triggerEvents = await w.triggerEvents(
    runs.flatMap(({ r }) => r.runs.filter((x) => x.status === 'active' && x.eventId !== null).map((x) => x.eventId!)),
  )
  let messageEvents = 0
  const write = function* (): Ops<void> {
    const metricIds = new Map<string, string>()
    for (const o of outcomes)
      for (const e of o.events)
        if (!metricIds.has(e.metric))
          metricIds.set(e.metric, (yield* getOrCreateMetricOps(companyId, e.metric, MESSAGE_METRIC_INTEGRATION)).id)
    yield* insertRows(
      'Send',
      SEND_COLUMNS,
      sends.map((s, i) => {
        const o = outcomes[i]!
        const run = sendRun.get(s.id)
        const content = JSON.stringify(
          s.channel === 'sms' ? { text: s.subject ?? '' } : { subject: s.subject ?? '', text: '' },
        )
        const context = run
          ? JSON.stringify({
              $flow: run.flowId,
              $flow_message: run.messageId,
              $action: run.actionId,
              $run: run.runId,
              $smart_sending_enabled: true,
            })
          : null
        return [
          s.id,
          companyId,
          s.channel,
          s.sourceType,
          s.sourceId,
          w.profileId(s.profile),
          dbBool(false),
          o.status,
          o.status === 'bounced' ? 'hard_bounce' : null,
          content,
          context,
          1,
          s.channel === 'sms' ? 'twilio' : 'smtp',
          s.channel === 'email' ? s.subject : null,
          iso(s.atMs - 60_000),
          iso(s.atMs),
          iso(s.atMs),
          iso(s.atMs),
          iso(s.atMs),
        ]
      }),
    )
    for (const { flowId, version, triggerKind, r } of runs) {
      yield* insertRows(
        'FlowRun',
        RUN_COLUMNS,
        r.runs.map((x) => [
          x.id,
          companyId,
          flowId,
          version,
          w.profileId(x.profile),
          x.entryKey,
          triggerKind,
          x.status,
          x.currentActionId,
          x.wakeMs ? iso(x.wakeMs) : null,
          x.status === 'active' && x.eventId !== null ? (triggerEvents.get(x.eventId) ?? null) : null,
          x.stepCount,
          0,
          iso(x.createdMs),
          iso(x.finishedMs ?? x.createdMs),
          x.finishedMs ? iso(x.finishedMs) : null,
        ]),
      )
      yield* insertRows(
        'FlowStep',
        STEP_COLUMNS,
        r.steps.map((x) => [
          companyId,
          flowId,
          x.runId,
          x.actionId,
          x.actionType,
          w.profileId(x.profile),
          x.status,
          x.outcome,
          x.detail,
          iso(x.atMs),
          iso(x.atMs),
        ]),
      )
    }
    yield* insertRows(
      'CampaignRecipient',
      RECIPIENT_COLUMNS,
      campaigns.recipients.map((r) => [
        r.campaignId,
        w.profileId(r.profile),
        companyId,
        r.messageId,
        r.variationId,
        r.cohort,
        iso(r.atMs),
        'released',
        r.sendId,
        iso(r.atMs),
      ]),
    )
    function* eventRows(): Generator<unknown[]> {
      for (const o of outcomes) {
        for (const e of o.events) {
          messageEvents++
          yield [
            companyId,
            w.profileId(e.profile),
            metricIds.get(e.metric)!,
            Math.floor(e.atMs / 1000),
            null,
            null,
            e.uniqueId,
            e.properties,
            iso(e.atMs),
          ]
        }
      }
    }
    yield* insertRows('Event', EVENT_COLUMNS, eventRows())
    // A bounce suppression dates from the bounce.
    for (const [i, s] of sends.entries()) {
      if (outcomes[i]!.status !== 'bounced') continue
      yield* exec(
        kysely()
          .updateTable('Suppression')
          .set({ createdAt: new Date(s.atMs + 20_000) })
          .where('companyId', '=', companyId)
          .where('profileId', '=', w.profileId(s.profile))
          .where('channel', '=', 'email')
          .where('reason', '=', 'bounced'),
      )
    }
    const active = runs
      .flatMap(({ r }) => r.runs)
      .filter((x) => x.status === 'active')
      .map((x) => x.wakeMs!)
    if (active.length) yield* wakeAtOps(new Date(Math.min(...active)), new Date(nowMs))
  }
  await prepareFlowJobs()
  await inBigWrite(write)

  // Attribution over the stored events, as ingestion would have done it.
  const attributedOrders = await inBigWrite(function* () {
    const settings = yield* attributionSettingsOps([companyId])
    const cfg = settings.get(companyId)!
    const orders = yield* select(
      kysely()
        .selectFrom('Event')
        .innerJoin('Metric', 'Metric.id', 'Event.metricId')
        .select(['Event.id', 'Event.profileId', 'Event.metricId', 'Event.ts', 'Event.value'])
        .where('Event.companyId', '=', companyId)
        .where((eb) =>
          cfg.conversionMetricId
            ? eb('Metric.id', '=', cfg.conversionMetricId)
            : eb('Metric.name', '=', 'Placed Order'),
        ),
    )
    return yield* attributeConversionsOps(
      orders.map((o) => ({
        eventId: Number(o.id),
        companyId,
        profileId: o.profileId,
        metricId: o.metricId,
        ts: Number(o.ts),
        value: Number(o.value ?? 0),
      })),
      settings,
    )
  })

  // The A/B test's decision as the engine's own evaluation of the seeded opens has it.
  for (const id of campaigns.abCampaignIds) {
    const ev = evaluateWinner(await variationFigures(companyId, id, new Date(nowMs)), 'open_rate')
    const row = await db.campaign.findFirstOrThrow({ where: { companyId, id }, select: { abTest: true } })
    const ab = {
      ...JSON.parse(row.abTest ?? '{}'),
      winnerVariationId: ev.leader,
      testName: ev.testName,
      confidenceReached: ev.confidence,
      significant: ev.significant,
    }
    await db.campaign.updateMany({ where: { companyId, id }, data: { abTest: JSON.stringify(ab) } })
  }

  return {
    flows: flows.length,
    flowRuns: runs.reduce((n, x) => n + x.r.runs.length, 0),
    campaigns: campaigns.count,
    sends: sends.length,
    messageEvents,
    attributedOrders,
    ms: Date.now() - t0,
  }
}

/** Large seed writes: one transaction, with a larger page cache on SQLite (as seedAudience). */
async function inBigWrite<T>(ops: () => Ops<T>): Promise<T> {
  if (dbEngine() !== 'sqlite') return inWriteTx(ops)
  const conn = sqlite()
  const cacheSize = conn.pragma('cache_size', { simple: true }) as number
  conn.pragma('cache_size = -200000')
  try {
    return await writeTx((c) => runOpsSync(ops(), c), 120_000)
  } finally {
    conn.pragma(`cache_size = ${Number(cacheSize)}`)
  }
}

/**
 * The audience's unsubscribes and complaints happened on the last message before them (when it
 * came within two weeks), and a bounced address bounced on its first message.
 */
function markEnds(sends: SimSend[], w: SeedWorld): void {
  const byProfile = new Map<number, SimSend[]>()
  for (const s of sends)
    if (s.channel === 'email') (byProfile.get(s.profile) ?? byProfile.set(s.profile, []).get(s.profile)!).push(s)
  for (const [p, list] of byProfile) {
    const end = w.emailEnd(p)
    if (!end) continue
    list.sort((a, b) => a.atMs - b.atMs)
    if (end.kind === 'bounced') {
      list[0]!.end = { kind: 'bounced', atMs: list[0]!.atMs }
      continue
    }
    const before = list.filter((s) => s.atMs < end.atMs).pop()
    if (before && end.atMs - before.atMs < 14 * DAY_MS) before.end = { kind: end.kind, atMs: end.atMs }
  }
}
