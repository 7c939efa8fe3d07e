// One place that acts on a delivery report, whatever brought it (a raw DSN or ARF through the
// inbound endpoint, an SES notification, a SendGrid event): in one write transaction it records
// the report once (EmailDeliveryReport, unique per company and report key), moves the Send's
// status, records the vendor's event once per send, and suppresses the address:
//   hard bounce → 'bounced' suppression; soft bounce → counted, and 'bounced' once the profile
//   has softBounceLimit soft bounces since its last delivery (MessagingSettings, default 3);
//   complaint → 'spam_complaint' suppression and email marketing consent unsubscribed;
//   dropped → the Send failed ('dropped'), the Dropped Email event; delivered → Send delivered.
// Everything is scoped by the company the caller authenticated (the webhook's token), so a
// report can only touch that company's sends and profiles.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, select, selectFirst, type Ops } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { setConsentOps } from '@/lib/profiles/consent-sync'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'

export type ReportKind = 'hard_bounce' | 'soft_bounce' | 'complaint' | 'delivered' | 'dropped'
export type ReportSource = 'dsn' | 'arf' | 'ses' | 'sendgrid'

export interface DeliveryReport {
  companyId: number
  source: ReportSource
  /** Unique per company for this report and recipient: a repeated delivery of it does nothing. */
  reportKey: string
  kind: ReportKind
  email: string | null
  /** Ways to find the original Send: our X-Send-Id, our Message-ID, the provider's message id. */
  sendId?: string | null
  messageId?: string | null
  providerMessageId?: string | null
  status?: string | null
  detail?: string | null
  at?: Date
}

export type ApplyResult =
  | { recorded: false; reason: 'duplicate' }
  | { recorded: true; sendId: string | null; profileId: string | null; suppressed: string | null }

export const DEFAULT_SOFT_BOUNCE_LIMIT = 3

const bracketed = (id: string) => (id.startsWith('<') ? id : `<${id}>`)

function* findSendOps(r: DeliveryReport) {
  const base = () =>
    kysely()
      .selectFrom('Send')
      .select(['id', 'profileId', 'status', 'channel', 'sourceType', 'sourceId', 'subject'])
      .where('companyId', '=', r.companyId)
      .where('channel', '=', 'email')
  if (r.sendId) {
    const s = yield* selectFirst(base().where('id', '=', r.sendId))
    if (s) return s
  }
  if (r.messageId) {
    const s = yield* selectFirst(
      base().where('messageId', 'in', [...new Set([r.messageId.trim(), bracketed(r.messageId.trim())])]),
    )
    if (s) return s
  }
  if (r.providerMessageId) {
    const s = yield* selectFirst(base().where('providerMessageId', '=', r.providerMessageId))
    if (s) return s
  }
  return undefined
}

function* activeSuppressionOps(companyId: number, profileId: string, reason: string) {
  return yield* selectFirst(
    kysely()
      .selectFrom('Suppression')
      .select('id')
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', '=', 'email')
      .where('reason', '=', reason)
      .where('clearedAt', 'is', null),
  )
}

function* suppressOps(
  companyId: number,
  profileId: string,
  reason: 'bounced' | 'spam_complaint',
  now: Date,
): Ops<boolean> {
  if (yield* activeSuppressionOps(companyId, profileId, reason)) return false
  yield* exec(
    kysely().insertInto('Suppression').values({ companyId, profileId, channel: 'email', reason, createdAt: now }),
  )
  return true
}

/** Soft bounces of the profile since its last delivery report (this one included). */
function* softBouncesSinceDeliveryOps(companyId: number, profileId: string): Ops<number> {
  const last = yield* selectFirst(
    kysely()
      .selectFrom('EmailDeliveryReport')
      .select('createdAt')
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('kind', '=', 'delivered')
      .orderBy('createdAt', 'desc')
      .limit(1),
  )
  let q = kysely()
    .selectFrom('EmailDeliveryReport')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .where('profileId', '=', profileId)
    .where('kind', '=', 'soft_bounce')
  const since = last ? toDate(last.createdAt) : null
  if (since) q = q.where('createdAt', '>', since)
  return Number((yield* selectFirst(q))?.n ?? 0)
}

function* softBounceLimitOps(companyId: number): Ops<number> {
  const s = yield* selectFirst(
    kysely().selectFrom('MessagingSettings').select('softBounceLimit').where('companyId', '=', companyId),
  )
  return s?.softBounceLimit ?? DEFAULT_SOFT_BOUNCE_LIMIT
}

export function* applyReportOps(r: DeliveryReport, now: Date): Ops<ApplyResult> {
  const db = kysely()
  const send = yield* findSendOps(r)
  let profileId = send?.profileId ?? null
  if (!profileId && r.email) {
    profileId =
      (yield* selectFirst(
        db
          .selectFrom('Profile')
          .select('id')
          .where('companyId', '=', r.companyId)
          .where('email', '=', r.email.toLowerCase()),
      ))?.id ?? null
  }
  const inserted = yield* select(
    db
      .insertInto('EmailDeliveryReport')
      .values({
        companyId: r.companyId,
        profileId,
        sendId: send?.id ?? null,
        email: (r.email ?? '').toLowerCase(),
        kind: r.kind,
        source: r.source,
        reportKey: r.reportKey.slice(0, 500),
        status: r.status ?? null,
        detail: r.detail?.slice(0, 1000) ?? null,
        createdAt: r.at ?? now,
      })
      .onConflict((oc) => oc.columns(['companyId', 'reportKey']).doNothing())
      .returning('id'),
  )
  if (!inserted.length) return { recorded: false, reason: 'duplicate' }

  const setSend = (status: string, reason: string | null, from: string[]) =>
    send
      ? exec(
          db
            .updateTable('Send')
            .set({ status, ...(reason ? { reason } : {}), updatedAt: now, finishedAt: now })
            .where('companyId', '=', r.companyId)
            .where('id', '=', send.id)
            .where('status', 'in', from),
        )
      : null
  const event = (metric: string, props: Record<string, unknown>) =>
    profileId
      ? recordMessageEventOps({
          companyId: r.companyId,
          profileId,
          metric,
          sendId: send?.id ?? null,
          at: r.at ?? now,
          properties: {
            ...(send
              ? {
                  $message: send.sourceId,
                  $source_type: send.sourceType,
                  channel: 'email',
                  ...(send.subject ? { Subject: send.subject } : {}),
                }
              : {}),
            ...props,
          },
          ...(send ? {} : { occurrence: `${r.source}:${r.reportKey}` }),
        })
      : null

  let suppressed: string | null = null
  switch (r.kind) {
    case 'delivered': {
      const q = setSend('delivered', null, ['sent', 'sending', 'unknown'])
      if (q) yield* q
      break
    }
    case 'hard_bounce':
    case 'soft_bounce': {
      const q = setSend('bounced', r.kind, ['sent', 'delivered', 'sending', 'unknown'])
      if (q) yield* q
      const ev = event(MESSAGE_METRICS.email.bounced, {
        'Bounce Type': r.kind === 'hard_bounce' ? 'Hard' : 'Soft',
        ...(r.status ? { Status: r.status } : {}),
        Source: r.source,
      })
      if (ev) yield* ev
      if (profileId) {
        const hard =
          r.kind === 'hard_bounce' ||
          (yield* softBouncesSinceDeliveryOps(r.companyId, profileId)) >= (yield* softBounceLimitOps(r.companyId))
        if (hard && (yield* suppressOps(r.companyId, profileId, 'bounced', now))) suppressed = 'bounced'
      }
      break
    }
    case 'complaint': {
      const ev = event(MESSAGE_METRICS.email.spam, {
        ...(r.status ? { 'Feedback Type': r.status } : {}),
        Source: r.source,
      })
      if (ev) yield* ev
      if (profileId) {
        if (yield* suppressOps(r.companyId, profileId, 'spam_complaint', now)) suppressed = 'spam_complaint'
        yield* setConsentOps(r.companyId, profileId, 'email_marketing', 'unsubscribed', {
          method: 'SPAM_COMPLAINT',
          source: r.source,
          at: now,
        })
      }
      break
    }
    case 'dropped': {
      const q = setSend('failed', 'dropped', ['sent', 'sending', 'unknown'])
      if (q) yield* q
      const ev = event(MESSAGE_METRICS.email.dropped, {
        ...(r.detail ? { Reason: r.detail.slice(0, 200) } : {}),
        Source: r.source,
      })
      if (ev) yield* ev
      break
    }
  }
  return { recorded: true, sendId: send?.id ?? null, profileId, suppressed }
}

/** Applies reports one transaction each; profiles whose suppressions changed are re-evaluated. */
export async function applyReports(reports: DeliveryReport[], now = new Date()): Promise<ApplyResult[]> {
  const out: ApplyResult[] = []
  for (const r of reports) {
    const res = await inWriteTx(() => applyReportOps(r, now))
    out.push(res)
    if (res.recorded && res.profileId && (res.suppressed || r.kind === 'complaint')) {
      await reevaluateProfiles(r.companyId, [res.profileId], { profileChanged: true })
    }
  }
  return out
}
