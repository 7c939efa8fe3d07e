// The /api bulk consent jobs, run by the job queue (type messaging.bulk-consent):
//   suppression_create  (profile-suppression-bulk-create-jobs): a 'manual' suppression (the
//     vendor's USER_SUPPRESSED) for each email, creating a profile that does not exist yet; or
//     for every current member of a list or segment;
//   suppression_delete  (profile-suppression-bulk-delete-jobs): clears 'manual' suppressions
//     only (unsubscribes, bounces and complaints stay); unknown emails are skipped;
//   subscription_delete (profile-subscription-bulk-delete-jobs): unsubscribes the channels given
//     (method API); with a list, its members only leave that list and everyone else is
//     unsubscribed globally (the vendor's rule); unknown profiles are skipped.
// The job row and its queue job are written in one transaction. The worker handles one
// profile per transaction together with the job's counters, so a retried job continues where
// it stopped and never counts a profile twice.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { wakeWorkers } from '@/lib/jobs/queue'
import { ulid } from '@/lib/ids/make-id'
import { notFound } from '@/lib/errors/app-error'
import { acceptedNow } from '@/lib/profiles/attribute-times'
import { clearSuppressionsOps, getConsentStatusOps, setConsentOps } from '@/lib/profiles/consent-sync'
import type { ConsentChannel } from '@/lib/profiles/consent'
import { upsertProfileOps } from '@/lib/profiles/upsert-profile'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { prepareSendQueue } from '../create-sends'
import { leaveListsOps, unsubscribeEmailOps } from './unsubscribe-email'

export const BULK_CONSENT_JOB = 'messaging.bulk-consent'
export type BulkKind = 'suppression_create' | 'suppression_delete' | 'subscription_delete'

export interface UnsubscribeEntry {
  email?: string | null
  phoneNumber?: string | null
  channels: {
    emailMarketing?: boolean
    smsMarketing?: boolean
    smsTransactional?: boolean
    whatsapp?: boolean
    push?: boolean
  }
}
/** One entry per profile: an email (suppression jobs), a profile id (list or segment members), or an unsubscribe. */
export type BulkEntry = { email: string } | { profileId: string } | UnsubscribeEntry

export interface CreateBulkJob {
  companyId: number
  kind: BulkKind
  entries?: BulkEntry[]
  listId?: string | null
  segmentId?: string | null
}

function* groupMembersOps(companyId: number, groupId: string, type: 0 | 1): Ops<BulkEntry[]> {
  const g = yield* selectFirst(
    kysely()
      .selectFrom('Group')
      .select('id')
      .where('companyId', '=', companyId)
      .where('id', '=', groupId)
      .where('type', '=', type)
      .where('deletedAt', 'is', null),
  )
  if (!g)
    throw notFound(
      type === 0 ? `A list with id ${groupId} was not found.` : `A segment with id ${groupId} was not found.`,
    )
  const rows = yield* select(
    kysely()
      .selectFrom('GroupMembership as m')
      .innerJoin('Profile as p', 'p.id', 'm.profileId')
      .select('m.profileId')
      .where('m.companyId', '=', companyId)
      .where('m.groupId', '=', groupId)
      .where('m.leftAt', 'is', null)
      .where('p.email', 'is not', null)
      .orderBy('m.profileId'),
  )
  return rows.map((r) => ({ profileId: r.profileId }))
}

/** Creates the job and its queue job in one transaction; returns the job's id. */
export async function createBulkConsentJob(input: CreateBulkJob, now = new Date()): Promise<string> {
  const id = ulid()
  await prepareSendQueue() // the queue's schema, for enqueueJobOps inside the transaction on PostgreSQL
  await inWriteTx(function* () {
    let entries = input.entries ?? []
    // Suppression jobs on a list or segment act on its current members.
    if (input.kind !== 'subscription_delete' && (input.listId || input.segmentId)) {
      entries = [
        ...entries,
        ...(input.listId ? yield* groupMembersOps(input.companyId, input.listId, 0) : []),
        ...(input.segmentId ? yield* groupMembersOps(input.companyId, input.segmentId, 1) : []),
      ]
    } else if (input.kind === 'subscription_delete' && input.listId) {
      const list = yield* selectFirst(
        kysely()
          .selectFrom('Group')
          .select('id')
          .where('companyId', '=', input.companyId)
          .where('id', '=', input.listId)
          .where('type', '=', 0)
          .where('deletedAt', 'is', null),
      )
      if (!list) throw notFound(`A list with id ${input.listId} was not found.`)
    }
    yield* exec(
      kysely()
        .insertInto('ProfileBulkConsentJob')
        .values({
          id,
          companyId: input.companyId,
          kind: input.kind,
          status: 'queued',
          payload: JSON.stringify(entries),
          listId: input.listId ?? null,
          segmentId: input.segmentId ?? null,
          totalCount: entries.length,
          completedCount: 0,
          skippedCount: 0,
          createdAt: now,
        }),
    )
    yield* enqueueJobOps(
      BULK_CONSENT_JOB,
      { jobId: id, companyId: input.companyId },
      { companyId: input.companyId, idempotencyKey: `${BULK_CONSENT_JOB}:${id}` },
      now,
    )
  })
  wakeWorkers(BULK_CONSENT_JOB)
  return id
}

export const getBulkJob = (companyId: number, id: string) =>
  read(
    selectFirst(
      kysely().selectFrom('ProfileBulkConsentJob').selectAll().where('companyId', '=', companyId).where('id', '=', id),
    ),
  )

function* findProfileOps(companyId: number, e: BulkEntry): Ops<string | null> {
  const q = kysely().selectFrom('Profile').select('id').where('companyId', '=', companyId)
  if ('profileId' in e) return (yield* selectFirst(q.where('id', '=', e.profileId)))?.id ?? null
  if (e.email) {
    const r = yield* selectFirst(q.where('email', '=', e.email.trim().toLowerCase()))
    if (r) return r.id
  }
  if ('phoneNumber' in e && e.phoneNumber)
    return (yield* selectFirst(q.where('phoneNumber', '=', e.phoneNumber.trim())))?.id ?? null
  return null
}

const CONSENT: Array<[keyof UnsubscribeEntry['channels'], ConsentChannel]> = [
  ['smsMarketing', 'sms_marketing'],
  ['smsTransactional', 'sms_transactional'],
  ['whatsapp', 'whatsapp'],
  ['push', 'push'],
]

/** One profile's work; returns the profile it changed, or null when it was skipped. */
function* entryOps(
  job: { companyId: number; kind: string; listId: string | null },
  e: BulkEntry,
  now: Date,
): Ops<string | null> {
  const c = job.companyId
  switch (job.kind) {
    case 'suppression_create': {
      let pid = yield* findProfileOps(c, e)
      if (!pid && 'email' in e && e.email)
        pid = (yield* upsertProfileOps(
          c,
          { email: e.email.trim().toLowerCase() },
          { mode: 'import', acceptedAt: acceptedNow() },
        )).raw.id as string
      if (!pid) return null
      const active = yield* selectFirst(
        kysely()
          .selectFrom('Suppression')
          .select('id')
          .where('companyId', '=', c)
          .where('profileId', '=', pid)
          .where('channel', '=', 'email')
          .where('reason', '=', 'manual')
          .where('clearedAt', 'is', null),
      )
      if (active) return null
      yield* exec(
        kysely()
          .insertInto('Suppression')
          .values({ companyId: c, profileId: pid, channel: 'email', reason: 'manual', createdAt: now }),
      )
      return pid
    }
    case 'suppression_delete': {
      const pid = yield* findProfileOps(c, e)
      if (!pid) return null
      return (yield* clearSuppressionsOps(c, pid, 'email', ['manual'])) ? pid : null
    }
    case 'subscription_delete': {
      const pid = yield* findProfileOps(c, e)
      if (!pid || !('channels' in e)) return null
      const origin = { method: 'API', source: 'profile-subscription-bulk-delete-job' }
      if (job.listId) {
        // Members leave this list only; anyone else is unsubscribed globally.
        if ((yield* leaveListsOps(c, pid, [job.listId], now)) > 0) return pid
      }
      let changed = false
      if (e.channels.emailMarketing)
        changed = (yield* unsubscribeEmailOps({ companyId: c, profileId: pid, sendId: null }, origin, now)) || changed
      for (const [key, channel] of CONSENT) {
        if (!e.channels[key]) continue
        if ((yield* getConsentStatusOps(c, pid, channel)) === 'unsubscribed') continue
        yield* setConsentOps(c, pid, channel, 'unsubscribed', { ...origin, at: now })
        changed = true
      }
      return changed ? pid : null
    }
  }
  return null
}

/** The queue's handler: resumes after the profiles already counted. */
export async function runBulkConsentJob(
  payload: { jobId: string; companyId: number },
  now = () => new Date(),
): Promise<void> {
  const job = await getBulkJob(payload.companyId, payload.jobId)
  if (!job || job.status === 'complete' || job.status === 'cancelled') return
  const entries = JSON.parse(job.payload) as BulkEntry[]
  const touched: string[] = []
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('ProfileBulkConsentJob')
        .set({ status: 'processing' })
        .where('id', '=', job.id)
        .where('companyId', '=', job.companyId),
    ),
  )
  for (let i = job.completedCount + job.skippedCount; i < entries.length; i++) {
    const pid = await inWriteTx(function* () {
      const at = now()
      const out = yield* entryOps(job, entries[i]!, at)
      yield* exec(
        kysely()
          .updateTable('ProfileBulkConsentJob')
          .set((eb) =>
            out ? { completedCount: eb('completedCount', '+', 1) } : { skippedCount: eb('skippedCount', '+', 1) },
          )
          .where('id', '=', job.id)
          .where('companyId', '=', job.companyId),
      )
      return out
    })
    if (pid) touched.push(pid)
  }
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('ProfileBulkConsentJob')
        .set({ status: 'complete', completedAt: now() })
        .where('id', '=', job.id)
        .where('companyId', '=', job.companyId),
    ),
  )
  if (touched.length)
    await reevaluateProfiles(job.companyId, [...new Set(touched)], {
      profileChanged: true,
      ...(job.listId ? { listIds: [job.listId] } : {}),
    })
}
