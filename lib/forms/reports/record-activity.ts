// The onsite beacon's write side (POST /onsite/forms/activity): validates a batch of form
// activity events, keeps only those whose form and version belong to the beacon's company
// (a page can name any id; another company's form is never counted), and inserts them once each:
// (companyId, eventKey) is unique and a duplicate is skipped with ON CONFLICT DO NOTHING, which
// both engines understand, so a beacon the browser retries counts once.
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select } from '@/lib/db/ops'
import { ACTIVITY_KINDS, STEP_KINDS } from './activity-kinds'

export const MAX_EVENTS = 50
const DAY_MS = 86_400_000

const activityEvent = z.object({
  form_id: z.string().min(1).max(64),
  form_version_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]).transform(Number),
  kind: z.enum(ACTIVITY_KINDS),
  step: z.number().int().min(0).max(100).nullish(),
  visitor_id: z.string().min(1).max(200),
  event_key: z.string().min(1).max(200),
  occurred_at: z.union([z.string(), z.number()]).nullish(),
})

export const activityBody = z.object({ events: z.array(activityEvent).min(1).max(MAX_EVENTS) })
export type ActivityBody = z.infer<typeof activityBody>

export interface RecordResult {
  accepted: number
  duplicates: number
  ignored: number
}

/** The event's instant: the browser's clock when it is within a day of ours, else ours. */
export function clampOccurredAt(raw: string | number | null | undefined, now: Date): Date {
  const t = raw == null ? NaN : typeof raw === 'number' ? raw : Date.parse(raw)
  if (!Number.isFinite(t)) return now
  return new Date(Math.min(now.getTime() + DAY_MS, Math.max(now.getTime() - DAY_MS, t)))
}

export async function recordFormActivity(
  companyId: number,
  body: ActivityBody,
  now: Date = new Date(),
): Promise<RecordResult> {
  const versionIds = [...new Set(body.events.map((e) => e.form_version_id))].filter((v) => v <= 2_147_483_647)
  const owned = versionIds.length
    ? await read(
        select(
          kysely()
            .selectFrom('FormVersion')
            .select(['id', 'formId'])
            .where('companyId', '=', companyId)
            .where('id', 'in', versionIds),
        ),
      )
    : []
  const formOf = new Map(owned.map((v) => [v.id, v.formId]))
  const valid = body.events.filter((e) => formOf.get(e.form_version_id) === e.form_id)
  const ignored = body.events.length - valid.length

  // A submit from a visitor the company already knows (identified earlier, so the anonymous id is
  // on a profile) is tied to that profile.
  const submitters = [...new Set(valid.filter((e) => e.kind === 'submits').map((e) => e.visitor_id))]
  const profiles = submitters.length
    ? await read(
        select(
          kysely()
            .selectFrom('Profile')
            .select(['id', 'anonymousId'])
            .where('companyId', '=', companyId)
            .where('anonymousId', 'in', submitters),
        ),
      )
    : []
  const profileOf = new Map(profiles.map((p) => [p.anonymousId!, p.id]))

  const rows = valid.map((e) => ({
    companyId,
    formId: e.form_id,
    formVersionId: e.form_version_id,
    kind: e.kind,
    step: STEP_KINDS.includes(e.kind) ? (e.step ?? 0) : null,
    visitorId: e.visitor_id,
    profileId: e.kind === 'submits' ? (profileOf.get(e.visitor_id) ?? null) : null,
    occurredAt: clampOccurredAt(e.occurred_at, now),
    eventKey: e.event_key,
  }))
  let inserted = 0
  if (rows.length) {
    inserted = await inWriteTx(function* () {
      return yield* exec(
        kysely()
          .insertInto('FormActivity')
          .values(rows)
          .onConflict((oc) => oc.columns(['companyId', 'eventKey']).doNothing()),
      )
    })
  }
  return { accepted: inserted, duplicates: rows.length - inserted, ignored }
}
