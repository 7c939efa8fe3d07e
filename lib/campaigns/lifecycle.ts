// The campaign lifecycle (issue 10 §1, §4): send (validate, then Draft → Scheduled or Preparing
// to send with the start job booked in the same transaction), cancel, pause, resume, revert to
// draft, the manual A/B winner, the recipient estimation request and the send job's status.
// Every function is scoped by companyId (another company's campaign is "not found") and throws
// CampaignError for bad input (400, with the field) or a refused transition (409).
//
// The record of who got what is CampaignRecipient (fixed at send start) and the Send rows
// (unique per profile and message): resume only wakes the release job, which takes the rows
// still pending, so nobody is ever sent twice.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { CampaignError } from './errors'
import { hasPostalAddress } from '@/lib/messaging/postal-address'
import {
  AB_WINNER_JOB,
  ESTIMATE_JOB,
  RELEASE_JOB,
  RELEASING_STATUSES,
  START_JOB,
  THROTTLE_PERCENTAGES,
  WAITING_STATUSES,
  campaignOrThrowOps,
  messagingChannel,
  type CampaignRow,
  type SendStrategy,
} from './send/model'
import { earliestStart, latestEnd, localWallClock, smartSendDate } from './send/times'
import { bookReleaseOps } from './send/release'
import { applyWinnerOps } from './send/winner'

export { CampaignError } from './errors'

const HOUR = 3_600_000

/** Statuses in which the campaign may not be edited (the list is being fixed or sent). */
const LOCKED_STATUSES = new Set([
  'Preparing to send',
  'Adding Recipients',
  'Sending',
  'Sending Segments',
  'Variations Sent',
  'Paused',
])

/**
 * Throws unless the campaign may be edited: refused while it is being sent (or paused mid-send),
 * and once it is sent or cancelled (name and tags excepted: pass { nameOnly: true }).
 */
export function assertEditable(campaign: { status: string }, opts: { nameOnly?: boolean } = {}): void {
  if (LOCKED_STATUSES.has(campaign.status) && !opts.nameOnly) {
    throw new CampaignError(
      'not_editable',
      `The campaign cannot be edited while it is ${campaign.status.toLowerCase()}; pause or cancel it first.`,
    )
  }
  if (!opts.nameOnly && (campaign.status === 'Sent' || campaign.status.startsWith('Cancelled'))) {
    throw new CampaignError(
      'not_editable',
      `The campaign is ${campaign.status.toLowerCase()}; clone it to send it again.`,
    )
  }
}

async function prepareQueue(): Promise<void> {
  await prepareEnqueueInTransaction()
}

// ---------------------------------------------------------------------------------------------
// Validation

interface MessageRow {
  id: string
  channel: string
  content: string
  templateId: string | null
}

function parseObj(s: string | null | undefined): Record<string, unknown> {
  try {
    const v = s ? JSON.parse(s) : {}
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const blank = (v: unknown) => typeof v !== 'string' || !v.trim()

/** Why a message (or a variation merged onto it) cannot be sent, or null. */
function contentProblem(
  channel: string,
  content: Record<string, unknown>,
  templateId: string | null,
): { field: string; message: string } | null {
  if (channel === 'email') {
    if (!templateId)
      return { field: 'template', message: 'The email has no template: choose or design one before sending.' }
    if (blank(content.subject)) return { field: 'subject', message: 'The email has no subject line.' }
    return null
  }
  if (channel === 'sms') return blank(content.body) ? { field: 'body', message: 'The SMS has no text.' } : null
  return blank(content.body) && blank(content.title)
    ? { field: 'body', message: 'The push notification has no text.' }
    : null
}

/** The start moment and status for the strategy, or a CampaignError (bad or past schedule). */
export function planStart(
  strategy: SendStrategy,
  now: Date,
): { startAt: Date; scheduledAt: Date; status: 'Scheduled' | 'Preparing to send' } {
  const method = (strategy as { method?: string }).method ?? 'immediate'
  if (method === 'immediate') return { startAt: now, scheduledAt: now, status: 'Preparing to send' }
  if (method === 'static' || method === 'throttled') {
    const s = strategy as { datetime?: string; options?: { is_local?: boolean } | null; throttle_percentage?: number }
    const at = s.datetime ? new Date(s.datetime) : null
    if (!at || Number.isNaN(at.getTime()))
      throw new CampaignError('invalid', 'Choose a valid send date and time.', { field: 'send_strategy.datetime' })
    if (
      method === 'throttled' &&
      !THROTTLE_PERCENTAGES.includes(Number(s.throttle_percentage) as (typeof THROTTLE_PERCENTAGES)[number])
    ) {
      throw new CampaignError('invalid', `The throttle percentage must be one of ${THROTTLE_PERCENTAGES.join(', ')}.`, {
        field: 'send_strategy.throttle_percentage',
      })
    }
    if (method === 'static' && s.options?.is_local) {
      const wall = localWallClock(s.datetime!)
      // Everyone's local time has passed once the last time zone (UTC−12) is past it.
      if (latestEnd(wall) <= now.getTime())
        throw new CampaignError(
          'schedule_in_past',
          'The send time has passed in every time zone: choose a later time.',
          { field: 'send_strategy.datetime' },
        )
      const startAt = new Date(Math.max(now.getTime(), earliestStart(wall)))
      return {
        startAt,
        scheduledAt: new Date(wall),
        status: startAt.getTime() > now.getTime() ? 'Scheduled' : 'Preparing to send',
      }
    }
    if (at.getTime() < now.getTime() - 60_000)
      throw new CampaignError('schedule_in_past', 'The send time is in the past: choose a later time or send now.', {
        field: 'send_strategy.datetime',
      })
    const startAt = new Date(Math.max(now.getTime(), at.getTime()))
    return { startAt, scheduledAt: at, status: startAt.getTime() > now.getTime() ? 'Scheduled' : 'Preparing to send' }
  }
  if (method === 'smart_send_time') {
    const d = smartSendDate((strategy as { date?: string }).date)
    if (d == null)
      throw new CampaignError('invalid', 'Choose a valid date for smart send time.', { field: 'send_strategy.date' })
    if (latestEnd(d + 24 * HOUR - 1) <= now.getTime())
      throw new CampaignError('schedule_in_past', 'That day has passed: choose today or a later date.', {
        field: 'send_strategy.date',
      })
    const startAt = new Date(Math.max(now.getTime(), earliestStart(d)))
    return {
      startAt,
      scheduledAt: new Date(d),
      status: startAt.getTime() > now.getTime() ? 'Scheduled' : 'Preparing to send',
    }
  }
  throw new CampaignError('invalid', `Unknown send strategy '${method}'.`, { field: 'send_strategy.method' })
}

/** Marketing email carries the sender's postal address (CAN-SPAM): the organization settings hold it. */
export const NO_POSTAL_ADDRESS =
  "Marketing email needs your organization's postal address in its footer: add it in the organization settings."
export const POSTAL_ADDRESS_FIELD = 'organization.address'

function* validateOps(c: CampaignRow, now: Date): Ops<void> {
  if (!c.audiences.included.length)
    throw new CampaignError('no_audience', 'Choose at least one list or segment to send to.', {
      field: 'audiences.included',
    })
  const excluded = new Set(c.audiences.excluded)
  const overlap = c.audiences.included.filter((g) => excluded.has(g))
  if (overlap.length)
    throw new CampaignError('overlapping_audience', 'A list or segment cannot be both included and excluded.', {
      field: 'audiences.excluded',
    })
  const ids = [...new Set([...c.audiences.included, ...c.audiences.excluded])]
  const groups = yield* select(
    kysely().selectFrom('Group').select('id').where('companyId', '=', c.companyId).where('id', 'in', ids),
  )
  const known = new Set(groups.map((g) => g.id))
  const missing = c.audiences.included.find((g) => !known.has(g))
  if (missing)
    throw new CampaignError('no_audience', `The list or segment ${missing} does not exist.`, {
      field: 'audiences.included',
    })
  const missingEx = c.audiences.excluded.find((g) => !known.has(g))
  if (missingEx)
    throw new CampaignError('invalid', `The list or segment ${missingEx} does not exist.`, {
      field: 'audiences.excluded',
    })

  const messages: MessageRow[] = yield* select(
    kysely()
      .selectFrom('CampaignMessage')
      .select(['id', 'channel', 'content', 'templateId'])
      .where('companyId', '=', c.companyId)
      .where('campaignId', '=', c.id)
      .orderBy('createdAt')
      .orderBy('id'),
  )
  if (!messages.length)
    throw new CampaignError('empty_content', 'The campaign has no message.', { field: 'campaign-messages' })
  if (messages.some((m) => (m.channel || c.channel) === 'email')) {
    const company = yield* selectFirst(
      kysely().selectFrom('Company').select(['addressLine1', 'city', 'country']).where('id', '=', c.companyId),
    )
    if (!hasPostalAddress(company))
      throw new CampaignError('no_postal_address', NO_POSTAL_ADDRESS, { field: POSTAL_ADDRESS_FIELD })
  }
  for (const m of messages) {
    const p = contentProblem(m.channel || c.channel, parseObj(m.content), m.templateId)
    if (p) throw new CampaignError('empty_content', p.message, { field: `campaign-messages.${m.id}.${p.field}` })
  }
  if (c.abTest) {
    const vars = yield* select(
      kysely()
        .selectFrom('CampaignVariation')
        .select(['id', 'messageId', 'content', 'templateId', 'weight'])
        .where('companyId', '=', c.companyId)
        .where('campaignId', '=', c.id),
    )
    for (const m of messages) {
      const mine = vars.filter((v) => v.messageId === m.id)
      if (mine.length < 2)
        throw new CampaignError('ab_test_variations', 'An A/B test needs at least two variations.', {
          field: `campaign-messages.${m.id}.variations`,
        })
      for (const v of mine) {
        const p = contentProblem(
          m.channel || c.channel,
          { ...parseObj(m.content), ...parseObj(v.content) },
          v.templateId ?? m.templateId,
        )
        if (p) throw new CampaignError('empty_content', p.message, { field: `variations.${v.id}.${p.field}` })
        if (!(Number(v.weight) > 0))
          throw new CampaignError('invalid', 'Every variation needs a weight above 0.', {
            field: `variations.${v.id}.weight`,
          })
      }
    }
    const t = c.abTest
    if (t.testPercent != null && !(t.testPercent > 0 && t.testPercent <= 100))
      throw new CampaignError('invalid', 'The test share must be between 1 and 100 percent.', {
        field: 'ab_test.test_percent',
      })
    if (t.metric && !['open_rate', 'click_rate', 'revenue'].includes(t.metric))
      throw new CampaignError('invalid', 'The winning metric must be open rate, click rate or revenue.', {
        field: 'ab_test.metric',
      })
    if (t.metric !== 'revenue' && t.metric && c.channel !== 'email' && t.metric === 'open_rate')
      throw new CampaignError('invalid', 'Open rate is measured for email only.', { field: 'ab_test.metric' })
  }
  if (!(c.holdoutPercent >= 0 && c.holdoutPercent < 100))
    throw new CampaignError('invalid', 'The holdout must be between 0 and 99 percent.', { field: 'holdout_percent' })
  planStart(c.strategy, now)
}

// ---------------------------------------------------------------------------------------------
// Transitions

/** The start job's payload; key = `${scheduledAt ISO}@${decision time}` (a job of an older decision finds another scheduledAt and does nothing). */
export interface StartPayload {
  companyId: number
  campaignId: string
  key: string
}

/** Sends (or schedules) the campaign: validates everything, then Draft → Scheduled | Preparing to send. */
export async function sendCampaign(
  companyId: number,
  campaignId: string,
  opts: { now?: Date; userId?: number } = {},
): Promise<{ status: string }> {
  const now = opts.now ?? queueNow()
  await prepareQueue()
  const status = await inWriteTx(function* () {
    const c = yield* campaignOrThrowOps(companyId, campaignId)
    if (c.status !== 'Draft') {
      throw new CampaignError(
        'wrong_status',
        c.status === 'Scheduled' || c.status === 'Preparing to send' || RELEASING_STATUSES.includes(c.status)
          ? 'The campaign is already scheduled or sending.'
          : `A campaign that is ${c.status.toLowerCase()} cannot be sent; clone it instead.`,
      )
    }
    yield* validateOps(c, now)
    const plan = planStart(c.strategy, now)
    const changed = yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({
          status: plan.status,
          scheduledAt: plan.scheduledAt,
          sendStartedAt: null,
          sentAt: null,
          pausedAt: null,
          updatedAt: now,
        })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId)
        .where('status', '=', 'Draft'),
    )
    if (!changed) throw new CampaignError('wrong_status', 'The campaign is already scheduled or sending.')
    const key = `${plan.scheduledAt.toISOString()}@${now.toISOString()}`
    const payload: StartPayload = { companyId, campaignId, key }
    yield* enqueueJobOps(
      START_JOB,
      payload,
      { companyId, runAt: plan.startAt, maxAttempts: 20, idempotencyKey: `${START_JOB}:${campaignId}:${key}` },
      now,
    )
    return plan.status
  })
  wakeWorkers(START_JOB)
  return { status }
}

/** Cancels a scheduled, sending or paused campaign: nothing more is released. */
export async function cancelCampaign(
  companyId: number,
  campaignId: string,
  opts: { now?: Date } = {},
): Promise<{ status: string }> {
  const now = opts.now ?? queueNow()
  return inWriteTx(function* () {
    const c = yield* campaignOrThrowOps(companyId, campaignId)
    if (![...WAITING_STATUSES, ...RELEASING_STATUSES, 'Paused', 'Adding Recipients'].includes(c.status)) {
      throw new CampaignError('wrong_status', `A campaign that is ${c.status.toLowerCase()} cannot be cancelled.`)
    }
    yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({ status: 'Cancelled', updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId)
        .where('status', '=', c.status),
    )
    yield* exec(
      kysely()
        .updateTable('CampaignRecipient')
        .set({ status: 'skipped', reason: 'cancelled' })
        .where('campaignId', '=', campaignId)
        .where('companyId', '=', companyId)
        .where('status', 'in', ['pending', 'waiting']),
    )
    return { status: 'Cancelled' }
  })
}

/** Pauses a sending campaign: the release job releases nothing until it is resumed. */
export async function pauseCampaign(
  companyId: number,
  campaignId: string,
  opts: { now?: Date } = {},
): Promise<{ status: string }> {
  const now = opts.now ?? queueNow()
  return inWriteTx(function* () {
    const c = yield* campaignOrThrowOps(companyId, campaignId)
    if (c.status === 'Paused') return { status: 'Paused' }
    if (!RELEASING_STATUSES.includes(c.status))
      throw new CampaignError(
        'wrong_status',
        `Only a sending campaign can be paused (this one is ${c.status.toLowerCase()}).`,
      )
    const changed = yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({ status: 'Paused', pausedAt: now, updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId)
        .where('status', '=', c.status),
    )
    if (!changed) throw new CampaignError('wrong_status', 'The campaign changed meanwhile; try again.')
    return { status: 'Paused' }
  })
}

/**
 * Resumes a paused campaign: recipients whose time came while it was paused are due now (the
 * late window counts from the resume), the release job is woken. Released rows stay released.
 */
export async function resumeCampaign(
  companyId: number,
  campaignId: string,
  opts: { now?: Date } = {},
): Promise<{ status: string }> {
  const now = opts.now ?? queueNow()
  await prepareQueue()
  const out = await inWriteTx(function* () {
    const c = yield* campaignOrThrowOps(companyId, campaignId)
    if (c.status !== 'Paused')
      throw new CampaignError(
        'wrong_status',
        `Only a paused campaign can be resumed (this one is ${c.status.toLowerCase()}).`,
      )
    const waiting = yield* selectFirst(
      kysely()
        .selectFrom('CampaignRecipient')
        .select('profileId')
        .where('campaignId', '=', campaignId)
        .where('status', '=', 'waiting')
        .limit(1),
    )
    const status = waiting && !c.abTest?.winnerVariationId ? 'Variations Sent' : 'Sending'
    yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({ status, pausedAt: null, updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId)
        .where('status', '=', 'Paused'),
    )
    yield* exec(
      kysely()
        .updateTable('CampaignRecipient')
        .set({ sendAt: now })
        .where('campaignId', '=', campaignId)
        .where('status', '=', 'pending')
        .where('sendAt', '<', now),
    )
    yield* bookReleaseOps(companyId, campaignId, now, now)
    return { status }
  })
  wakeWorkers(RELEASE_JOB)
  return out
}

/** Back to Draft: a scheduled campaign whose recipient list is not fixed yet (or one cancelled before it started). */
export async function revertCampaignToDraft(
  companyId: number,
  campaignId: string,
  opts: { now?: Date } = {},
): Promise<{ status: string }> {
  const now = opts.now ?? queueNow()
  return inWriteTx(function* () {
    const c = yield* campaignOrThrowOps(companyId, campaignId)
    if (c.status === 'Draft') return { status: 'Draft' }
    const revertible = WAITING_STATUSES.includes(c.status) || (c.status.startsWith('Cancelled') && !c.sendStartedAt)
    if (!revertible)
      throw new CampaignError(
        'wrong_status',
        `A campaign that is ${c.status.toLowerCase()} cannot go back to draft; clone it instead.`,
      )
    const changed = yield* exec(
      kysely()
        .updateTable('Campaign')
        .set({ status: 'Draft', scheduledAt: null, sendStartedAt: null, updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', campaignId)
        .where('status', '=', c.status),
    )
    if (!changed)
      throw new CampaignError('wrong_status', 'The campaign started sending meanwhile; it cannot go back to draft.')
    return { status: 'Draft' }
  })
}

/** The merchant picks the A/B winner: the rest of the audience gets it. */
export async function chooseAbWinner(
  companyId: number,
  campaignId: string,
  variationId: string,
  opts: { now?: Date } = {},
): Promise<{ status: string }> {
  const now = opts.now ?? queueNow()
  await prepareQueue()
  const out = await inWriteTx(function* () {
    const c = yield* campaignOrThrowOps(companyId, campaignId)
    if (!c.abTest) throw new CampaignError('invalid', 'The campaign has no A/B test.', { field: 'variation' })
    if (c.abTest.winnerVariationId) throw new CampaignError('wrong_status', 'The A/B test already has a winner.')
    if (!RELEASING_STATUSES.includes(c.status) && c.status !== 'Paused') {
      throw new CampaignError(
        'wrong_status',
        `A winner can be chosen once the test variations are sent (the campaign is ${c.status.toLowerCase()}).`,
      )
    }
    const v = yield* selectFirst(
      kysely()
        .selectFrom('CampaignVariation')
        .select('id')
        .where('companyId', '=', companyId)
        .where('campaignId', '=', campaignId)
        .where('id', '=', variationId),
    )
    if (!v)
      throw new CampaignError('invalid', `The variation ${variationId} is not one of this campaign's.`, {
        field: 'variation',
      })
    return yield* applyWinnerOps(c, variationId, { decidedBy: 'manual' }, now)
  })
  wakeWorkers(RELEASE_JOB)
  return out
}

export interface CampaignEstimationRow {
  campaignId: string
  companyId: number
  status: string
  count: number | null
  exclusions: Record<string, number> | null
  createdAt: Date
  completedAt: Date | null
}

/** Queues a recipient estimation (the campaigns.estimate job counts the audience). */
export async function requestEstimation(
  companyId: number,
  campaignId: string,
  opts: { now?: Date } = {},
): Promise<CampaignEstimationRow> {
  const now = opts.now ?? queueNow()
  await prepareQueue()
  await inWriteTx(function* () {
    yield* campaignOrThrowOps(companyId, campaignId)
    const existing = yield* selectFirst(
      kysely().selectFrom('CampaignEstimation').select('status').where('campaignId', '=', campaignId),
    )
    if (existing) {
      yield* exec(
        kysely()
          .updateTable('CampaignEstimation')
          .set({ status: 'queued', count: null, exclusions: null, createdAt: now, completedAt: null })
          .where('campaignId', '=', campaignId)
          .where('companyId', '=', companyId),
      )
    } else {
      yield* exec(
        kysely().insertInto('CampaignEstimation').values({ campaignId, companyId, status: 'queued', createdAt: now }),
      )
    }
    yield* enqueueJobOps(
      ESTIMATE_JOB,
      { companyId, campaignId, requestedAt: now.toISOString() },
      { companyId, maxAttempts: 5 },
      now,
    )
  })
  wakeWorkers(ESTIMATE_JOB)
  return (await getEstimation(companyId, campaignId))!
}

export async function getEstimation(companyId: number, campaignId: string): Promise<CampaignEstimationRow | null> {
  const r = await read(
    selectFirst(
      kysely()
        .selectFrom('CampaignEstimation')
        .selectAll()
        .where('companyId', '=', companyId)
        .where('campaignId', '=', campaignId),
    ),
  )
  if (!r) return null
  return {
    campaignId: r.campaignId,
    companyId: r.companyId,
    status: r.status,
    count: r.count == null ? null : Number(r.count),
    exclusions: r.exclusions ? (JSON.parse(r.exclusions) as Record<string, number>) : null,
    createdAt: new Date(r.createdAt as unknown as string),
    completedAt: r.completedAt ? new Date(r.completedAt as unknown as string) : null,
  }
}

export type SendJobStatus = 'queued' | 'processing' | 'complete' | 'cancelled'

/** The vendor's campaign-send-job status (the job id is the campaign id). */
export async function sendJobStatus(companyId: number, campaignId: string): Promise<SendJobStatus> {
  const c = await read(campaignOrThrowOps(companyId, campaignId))
  return sendJobStatusOf(c.status)
}

export function sendJobStatusOf(status: string): SendJobStatus {
  if (status === 'Sent') return 'complete'
  if (status === 'Draft' || status.startsWith('Cancelled')) return 'cancelled'
  if (WAITING_STATUSES.includes(status) || status === 'Preparing to schedule') return 'queued'
  return 'processing'
}

export { AB_WINNER_JOB, ESTIMATE_JOB, RELEASE_JOB, START_JOB, messagingChannel }
