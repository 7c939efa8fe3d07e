// The campaign as the send engine reads it: the row's JSON columns parsed into typed shapes
// (audiences, send strategy, A/B test config and state), shared by lifecycle, start and release.
import { kysely } from '@/lib/db/kysely'
import { selectFirst, type Ops } from '@/lib/db/ops'
import type { Channel } from '@/lib/messaging/types'
import { CampaignError } from '../errors'

export const START_JOB = 'campaigns.start'
export const RELEASE_JOB = 'campaigns.release'
export const AB_WINNER_JOB = 'campaigns.ab-winner'
export const ESTIMATE_JOB = 'campaigns.estimate'

export const THROTTLE_PERCENTAGES = [1, 2, 5, 10, 11, 13, 14, 17, 20, 25, 33, 50] as const

export type SendStrategy =
  | { method: 'immediate' }
  | {
      method: 'static'
      datetime: string
      options?: { is_local?: boolean; send_past_recipients_immediately?: boolean } | null
    }
  | { method: 'throttled'; datetime: string; throttle_percentage: number }
  | { method: 'smart_send_time'; date: string }

export interface Audiences {
  included: string[]
  excluded: string[]
}

export type AbMetric = 'open_rate' | 'click_rate' | 'revenue'

/** Campaign.abTest: the config (written by the API/wizard) and the state (written by the engine). */
export interface AbTestState {
  /** What is tested (subject, preview_text, from, content, send_time): informative. */
  variable?: string
  /** Percentage of the (non-holdout) audience that gets the variations; the rest waits for the winner. 100 = no rest. */
  testPercent?: number
  /** open_rate | click_rate | revenue */
  metric?: AbMetric
  /** Hours after the test sends start before the winner is chosen. */
  windowHours?: number
  /** Confidence the leader must reach (0..1), default 0.9. */
  confidence?: number
  /** When the window ends without a significant winner: 'send_leader' (default) or 'manual'. */
  fallback?: 'send_leader' | 'manual'
  // State
  winnerVariationId?: string | null
  /** automatic | manual | fallback */
  decidedBy?: string
  decidedAt?: string
  /** 'two-proportion-z' | 'welch-t' */
  testName?: string
  confidenceReached?: number | null
  significant?: boolean
  /** Said when the window ended without significance. */
  note?: string
  windowEndsAt?: string
  stats?: unknown
}

export interface CampaignRow {
  id: string
  companyId: number
  name: string
  channel: string
  status: string
  audiences: Audiences
  strategy: SendStrategy
  sendOptions: Record<string, unknown>
  abTest: AbTestState | null
  holdoutPercent: number
  lateWindowHours: number | null
  scheduledAt: Date | null
  sendStartedAt: Date | null
}

export const messagingChannel = (c: string): Channel => (c === 'mobile_push' ? 'push' : c === 'sms' ? 'sms' : 'email')

function parse<T>(s: string | null | undefined, fallback: T): T {
  if (!s) return fallback
  try {
    return (JSON.parse(s) as T) ?? fallback
  } catch {
    return fallback
  }
}

const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(v as string))

export function* loadCampaignOps(companyId: number, campaignId: string): Ops<CampaignRow | null> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('Campaign')
      .select([
        'id',
        'companyId',
        'name',
        'channel',
        'status',
        'audiences',
        'sendStrategy',
        'sendOptions',
        'abTest',
        'holdoutPercent',
        'lateWindowHours',
        'scheduledAt',
        'sendStartedAt',
      ])
      .where('companyId', '=', companyId)
      .where('id', '=', campaignId),
  )
  if (!r) return null
  const aud = parse<Partial<Audiences>>(r.audiences, {})
  return {
    id: r.id,
    companyId: r.companyId,
    name: r.name,
    channel: r.channel,
    status: r.status,
    audiences: {
      included: Array.isArray(aud.included) ? aud.included.map(String) : [],
      excluded: Array.isArray(aud.excluded) ? aud.excluded.map(String) : [],
    },
    strategy: parse<SendStrategy>(r.sendStrategy, { method: 'immediate' }),
    sendOptions: parse<Record<string, unknown>>(r.sendOptions, {}),
    abTest: parse<AbTestState | null>(r.abTest, null),
    holdoutPercent: Number(r.holdoutPercent) || 0,
    lateWindowHours: r.lateWindowHours == null ? null : Number(r.lateWindowHours),
    scheduledAt: toDate(r.scheduledAt),
    sendStartedAt: toDate(r.sendStartedAt),
  }
}

export function* campaignOrThrowOps(companyId: number, campaignId: string): Ops<CampaignRow> {
  const c = yield* loadCampaignOps(companyId, campaignId)
  if (!c) throw new CampaignError('not_found', `Campaign ${campaignId} not found.`)
  return c
}

/** A stable number in [0, 1) from (profileId, campaignId, salt): holdout and A/B assignment, never Math.random. */
export function hashUnit(profileId: string, campaignId: string, salt = ''): number {
  // FNV-1a 32-bit over the joined key, then a murmur-style finaliser for spread.
  let h = 0x811c9dc5
  const s = `${campaignId}:${salt}:${profileId}`
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}

/** Campaign statuses in which recipients may be released. */
export const RELEASING_STATUSES = ['Sending', 'Variations Sent']
/** Statuses before the recipient list is fixed. */
export const WAITING_STATUSES = ['Scheduled', 'Preparing to send']
