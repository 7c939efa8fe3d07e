// Revenue attribution at ingestion: each conversion event (the company's conversion metric,
// default "Placed Order") goes to the profile's last human touch before it within the touch's
// window: an email open or click (5 days each by default), an SMS click (1 day), a push open
// (1 day). Machine (bot) opens and clicks never earn attribution. The touch's $message /
// $source_type / $send_id say which campaign message or flow action it was. Written as one
// EventAttribution row per conversion in the ingesting transaction, set-based per batch:
// one query for the settings, and (only when the batch holds conversions) one for the touch
// metrics, one for the candidate touches, one each to resolve campaigns and flows.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, savepoint, select, type Ops } from '@/lib/db/ops'
import { humanEngagementSql, isHumanEngagement } from '@/lib/messaging/tracking/machine-activity'
import { MESSAGE_METRICS } from '@/lib/messaging/message-events'
import { ingestedEvents } from '@/lib/events/ingested-events'
import type { GroupOutcome, IngestGroup, IngestedEvent } from '@/lib/events/types'
import type { BatchConsumer } from '@/lib/events/batch-consumers'
import { attributionSettingsOps, DEFAULT_CONVERSION_METRIC, type AttributionConfig } from './settings'

export type TouchKind = 'open' | 'click'
export type TouchChannel = 'email' | 'sms' | 'push'

/** The touch metrics by name: channel and kind. */
export const TOUCH_METRICS: Record<string, { channel: TouchChannel; touch: TouchKind }> = {
  [MESSAGE_METRICS.email.opened]: { channel: 'email', touch: 'open' },
  [MESSAGE_METRICS.email.clicked]: { channel: 'email', touch: 'click' },
  [MESSAGE_METRICS.sms.clicked]: { channel: 'sms', touch: 'click' },
  [MESSAGE_METRICS.push.opened]: { channel: 'push', touch: 'open' },
}

/** The window (seconds) of a touch, or 0 when such touches do not count. */
export function windowSeconds(cfg: AttributionConfig, channel: TouchChannel, touch: TouchKind): number {
  if (channel === 'email')
    return touch === 'click'
      ? cfg.emailClickWindowHours * 3600
      : cfg.countEmailOpens
        ? cfg.emailOpenWindowHours * 3600
        : 0
  if (channel === 'sms') return touch === 'click' ? cfg.smsClickWindowHours * 3600 : 0
  return touch === 'open' ? cfg.pushOpenWindowHours * 3600 : 0
}

export interface Touch {
  id: number
  companyId: number
  profileId: string
  ts: number
  channel: TouchChannel
  touch: TouchKind
  properties: Record<string, unknown>
}

export interface Conversion {
  eventId: number
  companyId: number
  profileId: string
  metricId: string
  ts: number
  value: number
}

/**
 * The last-touch rule: among human touches at or before the conversion and within their own
 * window, the latest wins; at the same second a click beats an open; then the later event.
 */
export function lastTouch(conv: Conversion, touches: Touch[], cfg: AttributionConfig): Touch | null {
  let best: Touch | null = null
  for (const t of touches) {
    if (t.companyId !== conv.companyId || t.profileId !== conv.profileId || t.id === conv.eventId) continue
    if (t.ts > conv.ts || !isHumanEngagement(t.properties)) continue
    const w = windowSeconds(cfg, t.channel, t.touch)
    if (w <= 0 || conv.ts - t.ts > w) continue
    const src = t.properties.$source_type
    if (src !== 'campaign_message' && src !== 'flow_action_run') continue
    if (
      !best ||
      t.ts > best.ts ||
      (t.ts === best.ts &&
        ((t.touch === 'click' && best.touch === 'open') || (t.touch === best.touch && t.id > best.id)))
    )
      best = t
  }
  return best
}

const parse = (s: unknown): Record<string, unknown> => {
  if (s && typeof s === 'object') return s as Record<string, unknown>
  try {
    const v = JSON.parse(String(s ?? '{}'))
    return v && typeof v === 'object' ? v : {}
  } catch {
    return {}
  }
}

const CHUNK = 500
function chunks<T>(a: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < a.length; i += CHUNK) out.push(a.slice(i, i + CHUNK))
  return out
}

/** Attributes the given conversions (already known to be conversion events) and writes the rows. */
export function* attributeConversionsOps(convs: Conversion[], settings: Map<number, AttributionConfig>): Ops<number> {
  if (!convs.length) return 0
  const companies = [...new Set(convs.map((c) => c.companyId))]
  const metrics = yield* select(
    kysely()
      .selectFrom('Metric')
      .select(['id', 'companyId', 'name'])
      .where('companyId', 'in', companies)
      .where('name', 'in', Object.keys(TOUCH_METRICS)),
  )
  if (!metrics.length) return 0
  const kindOf = new Map(metrics.map((m) => [m.id, TOUCH_METRICS[m.name]!]))
  let maxWindow = 0
  for (const cfg of settings.values())
    for (const k of Object.values(TOUCH_METRICS))
      maxWindow = Math.max(maxWindow, windowSeconds(cfg, k.channel, k.touch))
  const minTs = Math.min(...convs.map((c) => c.ts)) - maxWindow
  const maxTs = Math.max(...convs.map((c) => c.ts))
  const touches: Touch[] = []
  for (const company of companies) {
    const profiles = [...new Set(convs.filter((c) => c.companyId === company).map((c) => c.profileId))]
    const ids = metrics.filter((m) => m.companyId === company).map((m) => m.id)
    if (!ids.length) continue
    for (const part of chunks(profiles)) {
      const rows = yield* select(
        kysely()
          .selectFrom('Event')
          .select(['id', 'companyId', 'profileId', 'metricId', 'ts', 'properties'])
          .where('companyId', '=', company)
          .where('profileId', 'in', part)
          .where('metricId', 'in', ids)
          .where('ts', '>=', minTs)
          .where('ts', '<=', maxTs)
          .where(humanEngagementSql(sql.ref('Event.properties'))),
      )
      for (const r of rows) {
        const k = kindOf.get(r.metricId)!
        touches.push({
          id: Number(r.id),
          companyId: Number(r.companyId),
          profileId: r.profileId,
          ts: Number(r.ts),
          channel: k.channel,
          touch: k.touch,
          properties: parse(r.properties),
        })
      }
    }
  }
  if (!touches.length) return 0
  const byProfile = new Map<string, Touch[]>()
  for (const t of touches)
    (
      byProfile.get(`${t.companyId}:${t.profileId}`) ??
      byProfile.set(`${t.companyId}:${t.profileId}`, []).get(`${t.companyId}:${t.profileId}`)!
    ).push(t)
  const won: Array<{ c: Conversion; t: Touch }> = []
  for (const c of convs) {
    const t = lastTouch(c, byProfile.get(`${c.companyId}:${c.profileId}`) ?? [], settings.get(c.companyId)!)
    if (t) won.push({ c, t })
  }
  if (!won.length) return 0
  // Resolve campaign messages → campaigns and flow actions → flows (company-scoped).
  const campaignOf = new Map<string, string>()
  const flowOf = new Map<string, string>()
  const msg = (t: Touch) => String(t.properties.$message ?? '')
  for (const company of companies) {
    const mine = won.filter((w) => w.c.companyId === company)
    const cm = [...new Set(mine.filter((w) => w.t.properties.$source_type === 'campaign_message').map((w) => msg(w.t)))]
    for (const part of chunks(cm)) {
      for (const r of yield* select(
        kysely()
          .selectFrom('CampaignMessage')
          .select(['id', 'campaignId'])
          .where('companyId', '=', company)
          .where('id', 'in', part),
      ))
        campaignOf.set(`${company}:${r.id}`, r.campaignId)
    }
    const actions = [
      ...new Set(
        mine.filter((w) => w.t.properties.$source_type === 'flow_action_run').map((w) => msg(w.t).split(':')[0]!),
      ),
    ]
    for (const part of chunks(actions)) {
      for (const r of yield* select(
        kysely()
          .selectFrom('FlowMessage')
          .select(['actionId', 'flowId'])
          .where('companyId', '=', company)
          .where('actionId', 'in', part),
      ))
        flowOf.set(`${company}:${r.actionId}`, r.flowId)
    }
  }
  const rows = []
  for (const { c, t } of won) {
    const isCampaign = t.properties.$source_type === 'campaign_message'
    const messageId = isCampaign ? msg(t) : msg(t).split(':')[0]!
    const campaignId = isCampaign ? (campaignOf.get(`${c.companyId}:${messageId}`) ?? null) : null
    const flowId = isCampaign ? null : (flowOf.get(`${c.companyId}:${messageId}`) ?? null)
    if (!campaignId && !flowId) continue
    rows.push({
      eventId: c.eventId,
      companyId: c.companyId,
      profileId: c.profileId,
      metricId: c.metricId,
      ts: c.ts,
      value: c.value,
      sourceType: isCampaign ? 'campaign' : 'flow',
      campaignId,
      flowId,
      messageId,
      sendId: String(t.properties.$send_id ?? ''),
      channel: t.channel,
      touch: t.touch,
      touchTs: t.ts,
    })
  }
  for (const part of chunks(rows)) {
    yield* exec(
      kysely()
        .insertInto('EventAttribution')
        .values(part)
        .onConflict((oc) => oc.column('eventId').doNothing()),
    )
  }
  return rows.length
}

/** The conversion events among ingested ones, by each company's settings. */
export function conversionsOf(
  events: readonly IngestedEvent[],
  settings: Map<number, AttributionConfig>,
): Conversion[] {
  return events
    .filter((e) => {
      const cfg = settings.get(e.companyId)
      return (
        cfg && (cfg.conversionMetricId ? e.metricId === cfg.conversionMetricId : e.metric === DEFAULT_CONVERSION_METRIC)
      )
    })
    .map((e) => ({
      eventId: e.eventId,
      companyId: e.companyId,
      profileId: e.profileId,
      metricId: e.metricId,
      ts: e.ts,
      value: Number(e.value ?? 0),
    }))
}

/** The ingestion hook (a batch consumer run in ingestBatchOps' transaction, after the flow triggers). */
export function* attributeIngestedBatchOps(groups: IngestGroup[], outcomes: GroupOutcome[]): Ops<void> {
  const events = ingestedEvents(groups, outcomes)
  if (!events.length) return
  const settings = yield* attributionSettingsOps([...new Set(events.map((e) => e.companyId))])
  const convs = conversionsOf(events, settings)
  if (!convs.length) return
  yield* savepoint(
    () => attributeConversionsOps(convs, settings),
    (e) => {
      console.error('[attribution] failed; the events are stored without attribution:', e)
      return 0
    },
  )
}

/** Attribution as a consumer of ingested batches (registered by lib/server/consumers.ts). */
export const attributionBatchConsumer: BatchConsumer = {
  name: 'revenue attribution',
  inTransaction: attributeIngestedBatchOps,
}
