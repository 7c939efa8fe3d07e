// The 'campaigns.start' job: at the send time, fix the recipient list. In one transaction the
// campaign moves Scheduled/Preparing to send → Sending (a conditional update: a second start, a
// retry or a stale job of an older decision does nothing), the audience is read at that moment
// (members of the included lists and segments minus members of the excluded ones), each profile
// gets its CampaignRecipient row (holdout by hash, A/B cohort and variation by hash and weight,
// sendAt by the send strategy), and the release job is booked at the first sendAt.
import { kysely } from '@/lib/db/kysely'
import { exec, select, selectFirst, type Ops } from '@/lib/db/ops'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { AB_WINNER_JOB, WAITING_STATUSES, hashUnit, loadCampaignOps, type CampaignRow } from './model'
import { bookReleaseOps } from './release'
import { isValidTimeZone, localWallClock, smartSendDate, zonedWallToUtc } from './times'
import { bestHoursOps } from '../smart-send-time'

const HOUR = 3_600_000
const INSERT_CHUNK = 500

export interface AudienceMember {
  profileId: string
  timezone: string | null
}

/** Members of the included groups minus members of the excluded ones, now (set-based). */
export function* audienceOps(companyId: number, included: string[], excluded: string[]): Ops<AudienceMember[]> {
  if (!included.length) return []
  // Driven from the memberships (index groupId, leftAt), each profile once.
  let q = kysely()
    .selectFrom((eb) =>
      eb
        .selectFrom('GroupMembership as gm')
        .select('gm.profileId')
        .distinct()
        .where('gm.groupId', 'in', included)
        .where('gm.companyId', '=', companyId)
        .where('gm.leftAt', 'is', null)
        .as('m'),
    )
    .innerJoin('Profile as p', 'p.id', 'm.profileId')
    .select(['p.id as profileId', 'p.timezone as timezone'])
    .where('p.companyId', '=', companyId)
  if (excluded.length) {
    // A set computed once (not a correlated EXISTS per profile, for which SQLite may choose the
    // (groupId, leftAt) index and scan the excluded list for every profile).
    q = q.where('p.id', 'not in', (eb) =>
      eb
        .selectFrom('GroupMembership as gx')
        .select('gx.profileId')
        .where('gx.groupId', 'in', excluded)
        .where('gx.companyId', '=', companyId)
        .where('gx.leftAt', 'is', null),
    )
  }
  return yield* select(q.orderBy('p.id'))
}

interface Variation {
  id: string
  messageId: string
  weight: number
  content: string
}

function pickByWeight(vars: Variation[], u: number): Variation {
  const total = vars.reduce((s, v) => s + v.weight, 0)
  let acc = 0
  for (const v of vars) {
    acc += v.weight / total
    if (u < acc) return v
  }
  return vars[vars.length - 1]!
}

export interface StartResult {
  started: boolean
  reason?: string
  recipients?: number
}

export function* startCampaignOps(companyId: number, campaignId: string, key: string, now: Date): Ops<StartResult> {
  const c = yield* loadCampaignOps(companyId, campaignId)
  if (!c) return { started: false, reason: 'not_found' }
  if (!WAITING_STATUSES.includes(c.status)) return { started: false, reason: `status ${c.status}` }
  if (!c.scheduledAt || !key.startsWith(c.scheduledAt.toISOString() + '@')) return { started: false, reason: 'stale' }
  const changed = yield* exec(
    kysely()
      .updateTable('Campaign')
      .set({ status: 'Sending', sendStartedAt: now, updatedAt: now })
      .where('companyId', '=', companyId)
      .where('id', '=', campaignId)
      .where('status', '=', c.status),
  )
  if (!changed) return { started: false, reason: 'raced' }

  const message = yield* selectFirst(
    kysely()
      .selectFrom('CampaignMessage')
      .select('id')
      .where('companyId', '=', companyId)
      .where('campaignId', '=', campaignId)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(1),
  )
  const members = yield* audienceOps(companyId, c.audiences.included, c.audiences.excluded)
  if (!message || !members.length) {
    yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({ status: 'Cancelled: No Recipients', updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId),
    )
    return { started: false, reason: 'no_recipients', recipients: 0 }
  }
  const company = yield* selectFirst(kysely().selectFrom('Company').select('timezone').where('id', '=', companyId))
  const companyTz = isValidTimeZone(company?.timezone) ? company!.timezone : 'UTC'
  const variations: Variation[] = c.abTest
    ? (yield* select(
        kysely()
          .selectFrom('CampaignVariation')
          .select(['id', 'messageId', 'weight', 'content'])
          .where('companyId', '=', companyId)
          .where('campaignId', '=', campaignId)
          .where('messageId', '=', message.id)
          .orderBy('createdAt')
          .orderBy('id'),
      ))
        .map((v) => ({ ...v, weight: Math.max(0, Number(v.weight) || 0) }))
        .filter((v) => v.weight > 0)
    : []
  const abOn = variations.length >= 2
  const testShare = abOn ? Math.min(100, Math.max(1, c.abTest?.testPercent ?? 20)) / 100 : 0

  const plan = sendTimes(c, members, companyTz, now)
  const best = c.strategy.method === 'smart_send_time' ? yield* bestHoursOps(companyId, members, companyTz, now) : null

  const rows: Array<Record<string, unknown>> = []
  let firstTestAt = Infinity
  const tzOf = (m: AudienceMember) => (isValidTimeZone(m.timezone) ? m.timezone : companyTz)
  members.forEach((m, i) => {
    let sendAt = plan(m, i)
    let status = 'pending'
    let reason: string | null = null
    if (best) {
      const d = smartSendDate((c.strategy as { date: string }).date)!
      sendAt = Math.max(now.getTime(), zonedWallToUtc(d + best.hourOf(m.profileId) * HOUR, tzOf(m)))
    }
    if (sendAt === -1) {
      status = 'skipped'
      reason = 'local_time_passed'
      sendAt = now.getTime()
    }
    let cohort = 'all'
    let variationId: string | null = null
    if (c.holdoutPercent > 0 && hashUnit(m.profileId, campaignId, 'holdout') < c.holdoutPercent / 100) {
      cohort = 'holdout'
      status = 'held_out'
    } else if (abOn) {
      if (hashUnit(m.profileId, campaignId, 'ab') < testShare) {
        cohort = 'ab_test'
        const v = pickByWeight(variations, hashUnit(m.profileId, campaignId, 'variation'))
        variationId = v.id
        const override = sendTimeOverride(v.content)
        if (override != null && status === 'pending') sendAt = Math.max(now.getTime(), override)
        if (status === 'pending') firstTestAt = Math.min(firstTestAt, sendAt)
      } else {
        cohort = 'winner'
        if (status === 'pending') status = 'waiting'
      }
    }
    rows.push({
      campaignId,
      profileId: m.profileId,
      companyId,
      messageId: message.id,
      variationId,
      cohort,
      sendAt: new Date(sendAt),
      status,
      reason,
    })
  })
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    yield* exec(
      kysely()
        .insertInto('CampaignRecipient')
        .values(rows.slice(i, i + INSERT_CHUNK) as never)
        .onConflict((oc) => oc.columns(['campaignId', 'profileId']).doNothing()),
    )
  }
  const first = yield* selectFirst(
    kysely()
      .selectFrom('CampaignRecipient')
      .select('sendAt')
      .where('campaignId', '=', campaignId)
      .where('status', '=', 'pending')
      .orderBy('sendAt')
      .limit(1),
  )
  const firstAt = first
    ? first.sendAt instanceof Date
      ? first.sendAt
      : new Date(first.sendAt as unknown as string)
    : now
  yield* bookReleaseOps(companyId, campaignId, firstAt, now)
  if (abOn) {
    const windowEnds = new Date(
      (Number.isFinite(firstTestAt) ? Math.max(firstTestAt, now.getTime()) : now.getTime()) +
        (c.abTest?.windowHours ?? 4) * HOUR,
    )
    const ab = { ...c.abTest, windowEndsAt: windowEnds.toISOString() }
    yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({ abTest: JSON.stringify(ab) })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId),
    )
    yield* enqueueJobOps(
      AB_WINNER_JOB,
      { companyId, campaignId },
      {
        companyId,
        runAt: windowEnds,
        maxAttempts: 20,
        idempotencyKey: `${AB_WINNER_JOB}:${campaignId}:${windowEnds.toISOString()}`,
      },
      now,
    )
  }
  return { started: true, recipients: rows.length }
}

/** A send-time variation's own time (content.sendTime / send_time, ISO), or null. */
function sendTimeOverride(content: string): number | null {
  try {
    const c = JSON.parse(content) as { sendTime?: string; send_time?: string }
    const t = c.sendTime ?? c.send_time
    const ms = t ? new Date(t).getTime() : NaN
    return Number.isNaN(ms) ? null : ms
  } catch {
    return null
  }
}

/**
 * sendAt per member for the strategy (ms; -1 = local time passed and not to be sent). Smart send
 * time is computed by the caller from the best hours.
 */
function sendTimes(
  c: CampaignRow,
  members: AudienceMember[],
  companyTz: string,
  now: Date,
): (m: AudienceMember, index: number) => number {
  const s = c.strategy
  const nowMs = now.getTime()
  const scheduled = c.scheduledAt?.getTime() ?? nowMs
  if (s.method === 'static' && s.options?.is_local) {
    const wall = localWallClock(s.datetime)
    const immediately = !!s.options.send_past_recipients_immediately
    return (m) => {
      const at = zonedWallToUtc(wall, isValidTimeZone(m.timezone) ? m.timezone : companyTz)
      if (at >= nowMs) return at
      return immediately ? nowMs : -1
    }
  }
  if (s.method === 'throttled') {
    const perHour = Math.max(1, Math.ceil((members.length * Number(s.throttle_percentage)) / 100))
    return (_m, i) => scheduled + Math.floor(i / perHour) * HOUR
  }
  if (s.method === 'static') return () => scheduled
  return () => nowMs
}
