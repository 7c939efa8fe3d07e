// Recording what a delivery attempt did, in a write transaction of its own after the provider
// call (Ops). Only the worker that holds the row (lockedBy) records it, and only while it is
// 'sending' — or 'unknown' when its lease ran out meanwhile: the worker now knows what
// happened, so the truth replaces the guess. A retryable failure (SMTP 4xx, no connection)
// goes back to 'deferred' with a backoff and a delivery job at that time; after MAX_ATTEMPTS,
// 'failed'. A hard bounce adds a 'bounced' suppression on email.
import { sql } from 'kysely'
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { companyIdForIds, typedParam } from '@/lib/db/dialect'
import { backoffSeconds } from '@/lib/jobs/job-queue'
import { insertOutboxMailOps } from '@/lib/mail/outbox-mail'
import type { ClaimedSend } from './claim-sends'
import { LaterDeliveries, type DeliverBase } from './create-sends'
import type { RenderedEmail } from './render-email'
import { MESSAGE_METRICS, recordMessageEventOps, recordMessageEventsOps, type MessageEvent } from './message-events'

/** The Received / Sent event of a delivered message, and the bounce event (not for previews and staff alerts). */
function* messageEventOps(s: ClaimedSend, what: 'sent' | 'bounced', now: Date, subject?: string | null): Ops<void> {
  if (s.sourceType === 'preview' || s.sourceType === 'alert') return
  const names: Record<string, string> = MESSAGE_METRICS[s.channel]
  const metric = what === 'sent' ? names.sent : (names.bounced ?? names.failed)
  if (!metric) return
  yield* recordMessageEventOps({
    companyId: s.companyId,
    profileId: s.profile.id,
    metric,
    sendId: s.id,
    at: now,
    properties: messageEventProperties(s, subject),
  })
}

/** What a message event of a Send says about it: the message, its source, the channel and the subject. */
const messageEventProperties = (s: ClaimedSend, subject?: string | null) => ({
  $message: s.sourceId,
  $source_type: s.sourceType,
  channel: s.channel,
  ...(subject ? { Subject: subject } : {}),
})

export const MAX_ATTEMPTS = 5

export type DeliveryOutcome =
  | {
      kind: 'sent'
      provider: string
      providerMessageId: string
      messageId?: string
      subject?: string
      /** SMS: the segments handed over (the plan's SMS credits are metered from them). */
      segments?: number
    }
  | { kind: 'outbox'; mail: RenderedEmail }
  | { kind: 'bounced'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; reason: string; error: string }
  | { kind: 'unknown'; error: string }
  /** Not sent and never will be (e.g. coupon_codes_exhausted: the template's coupon has no code left). */
  | { kind: 'skipped'; reason: string; error: string }

type Sent = Extract<DeliveryOutcome, { kind: 'sent' }>

/**
 * The 'sent' outcomes of a batch of deliveries (the common case) in a few statements instead of
 * a few per message: one UPDATE per company and provider (the same guard as recordOutcomeOps:
 * still ours and 'sending' or 'unknown'; the rows it changed come back), then the Received
 * events of the rows it changed through recordMessageEventsOps. Returns how many were recorded.
 */
export function* recordSentOps(list: Array<[ClaimedSend, Sent]>, workerId: string, now: Date): Ops<number> {
  const db = kysely()
  const groups = new Map<string, Array<[ClaimedSend, Sent]>>()
  for (const item of list) {
    const k = `${item[0].companyId}\u0000${item[1].provider}`
    groups.set(k, [...(groups.get(k) ?? []), item])
  }
  let n = 0
  for (const items of groups.values()) {
    const companyId = items[0]![0].companyId
    for (let i = 0; i < items.length; i += 100) {
      const chunk = items.slice(i, i + 100)
      const byId = new Map(chunk.map(([s, o]) => [s.id, [s, o] as const]))
      const each = (f: (o: Sent) => string | null) =>
        sql<string | null>`CASE "id" ${sql.join(
          chunk.map(([s, o]) => sql`WHEN ${s.id} THEN ${f(o)}`),
          sql` `,
        )} END`
      const changed = yield* select(
        db
          .updateTable('Send')
          .where(companyIdForIds(companyId))
          .where('id', 'in', [...byId.keys()])
          .where('lockedBy', '=', workerId)
          .where('status', 'in', ['sending', 'unknown'])
          .set({
            lockedBy: null,
            leaseUntil: null,
            updatedAt: now,
            status: 'sent',
            reason: null,
            error: null,
            provider: chunk[0]![1].provider,
            providerMessageId: each((o) => o.providerMessageId),
            messageId: each((o) => o.messageId ?? null),
            subject: each((o) => o.subject ?? null),
            segments: chunk.some(([, o]) => o.segments != null)
              ? sql<number | null>`CASE "id" ${sql.join(
                  chunk.map(([s, o]) => sql`WHEN ${s.id} THEN ${typedParam(o.segments ?? null, 'integer')}`),
                  sql` `,
                )} END`
              : null,
            sentAt: now,
            finishedAt: now,
          })
          .returning('id'),
      )
      n += changed.length
      // The Received event of each changed row, per metric (one channel per source: usually one batch).
      const events = new Map<string, MessageEvent[]>()
      for (const { id } of changed) {
        const [s, o] = byId.get(id)!
        if (s.sourceType === 'preview' || s.sourceType === 'alert') continue
        const metric = (MESSAGE_METRICS[s.channel] as Record<string, string>).sent
        if (!metric) continue
        events.set(metric, [
          ...(events.get(metric) ?? []),
          {
            companyId,
            profileId: s.profile.id,
            metric,
            sendId: s.id,
            at: now,
            properties: messageEventProperties(s, o.subject),
          },
        ])
      }
      for (const [metric, evs] of events) yield* recordMessageEventsOps(companyId, metric, now, evs)
    }
  }
  return n
}

export function* recordOutcomeOps(
  s: ClaimedSend,
  outcome: DeliveryOutcome,
  workerId: string,
  now: Date,
  retryJobs?: LaterDeliveries,
): Ops<boolean> {
  const db = kysely()
  const mine = () =>
    db
      .updateTable('Send')
      .where('companyId', '=', s.companyId)
      .where('id', '=', s.id)
      .where('lockedBy', '=', workerId)
      .where('status', 'in', ['sending', 'unknown'])
  const done = { lockedBy: null, leaseUntil: null, updatedAt: now }
  switch (outcome.kind) {
    case 'sent': {
      const n = yield* exec(
        mine().set({
          ...done,
          status: 'sent',
          reason: null,
          error: null,
          provider: outcome.provider,
          providerMessageId: outcome.providerMessageId,
          messageId: outcome.messageId ?? null,
          subject: outcome.subject ?? null,
          segments: outcome.segments ?? null,
          sentAt: now,
          finishedAt: now,
        }),
      )
      if (n) yield* messageEventOps(s, 'sent', now, outcome.subject)
      return n > 0
    }
    case 'outbox': {
      const m = outcome.mail
      const claimed = yield* select(
        mine()
          .set({
            ...done,
            status: 'sent',
            reason: 'not_delivered_outbox',
            error: null,
            provider: 'outbox',
            messageId: m.messageId,
            subject: m.subject,
            sentAt: now,
            finishedAt: now,
          })
          .returning('id'),
      )
      if (!claimed.length) return false
      const outboxId = yield* insertOutboxMailOps(
        {
          companyId: s.companyId,
          sendId: s.id,
          to: m.to,
          from: m.from,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          headers: { 'Message-ID': m.messageId, ...m.headers },
        },
        now,
      )
      yield* exec(
        db
          .updateTable('Send')
          .where('companyId', '=', s.companyId)
          .where('id', '=', s.id)
          .set({ outboxMailId: outboxId, providerMessageId: 'outbox:' + outboxId }),
      )
      yield* messageEventOps(s, 'sent', now, m.subject)
      return true
    }
    case 'bounced': {
      const n = yield* exec(
        mine().set({ ...done, status: 'bounced', reason: 'hard_bounce', error: outcome.error, finishedAt: now }),
      )
      if (n) yield* messageEventOps(s, 'bounced', now)
      if (n && s.channel === 'email') {
        const active = yield* select(
          db
            .selectFrom('Suppression')
            .select('id')
            .where('companyId', '=', s.companyId)
            .where('profileId', '=', s.profile.id)
            .where('channel', '=', 'email')
            .where('reason', '=', 'bounced')
            .where('clearedAt', 'is', null),
        )
        if (!active.length) {
          yield* exec(
            db.insertInto('Suppression').values({
              companyId: s.companyId,
              profileId: s.profile.id,
              channel: 'email',
              reason: 'bounced',
              createdAt: now,
            }),
          )
        }
      }
      return n > 0
    }
    case 'retry': {
      if (s.attempts >= MAX_ATTEMPTS) {
        return (
          (yield* exec(
            mine().set({
              ...done,
              status: 'failed',
              reason: 'retries_exhausted',
              error: outcome.error,
              finishedAt: now,
            }),
          )) > 0
        )
      }
      const until = new Date(now.getTime() + backoffSeconds(s.attempts) * 1000)
      const n = yield* exec(
        mine().set({ ...done, status: 'deferred', reason: 'retry', deferredUntil: until, error: outcome.error }),
      )
      if (n) {
        // A job for the row's own source (whatever the payload that claimed it named) at that time:
        // collected with the page's other retries when the caller gathers them, else its own.
        const jobs = retryJobs ?? new LaterDeliveries()
        jobs.add(
          { companyId: s.companyId, channel: s.channel, sourceType: s.sourceType as DeliverBase['sourceType'] },
          s.sourceId,
          until,
        )
        if (!retryJobs) yield* jobs.enqueueOps(now)
      }
      return n > 0
    }
    case 'failed':
      return (
        (yield* exec(
          mine().set({ ...done, status: 'failed', reason: outcome.reason, error: outcome.error, finishedAt: now }),
        )) > 0
      )
    case 'unknown':
      return (
        (yield* exec(
          mine().set({ ...done, status: 'unknown', reason: 'provider_unknown', error: outcome.error, finishedAt: now }),
        )) > 0
      )
    case 'skipped':
      return (
        (yield* exec(
          mine().set({ ...done, status: 'skipped', reason: outcome.reason, error: outcome.error, finishedAt: now }),
        )) > 0
      )
  }
}
