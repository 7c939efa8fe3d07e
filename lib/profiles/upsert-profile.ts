// Create or update a profile with the vendor's identity resolution.
//
// Resolution order: id → email → phone_number → external_id → anonymous_id; the first match
// is the target. Another profile matched by a different identifier is either
//   - anonymous (no email, phone or external id): the visitor just identified, so it is merged
//     into the target (events, memberships, consents, suppressions; a 'Merged Profile' event);
//   - a known profile: its identifier is not stolen; the target keeps its own value for that
//     field (the email match wins because it comes first), except in 'update' mode where the
//     caller asked for exactly that value, so it is a 409 duplicate.
// 'create' refuses any existing match with 409 DuplicateProfileError (duplicateProfileId).
// 'client' (browser endpoints) never changes an existing email/phone/external id, only fills
// empty ones. All writes happen in one write transaction (lib/db/ops.ts, either engine),
// so a failure leaves nothing half-written; segments are re-evaluated after the commit.
// Every write carries the time it was accepted (opts.acceptedAt, stamped at the request): an
// attribute whose stored write time is newer keeps its value (lib/profiles/attribute-times.ts),
// identifiers included, while resolution still finds the profile by any of them.
import { inWriteTx, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { rolledBack } from '@/lib/db/sqlite'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { mergeProfilesOps } from './merge-profiles'
import { acceptedNow, parseTimes, propertyPath, WriteClock } from './attribute-times'
import { applyPatchProperties } from './patch-properties'
import {
  findProfileByOps,
  insertProfileOps,
  isAnonymous,
  parseProps,
  toProfileRow,
  updateProfileColumnsOps,
  type RawProfile,
} from './profile-store'
import {
  ATTRIBUTE_FIELDS,
  IDENTIFIER_FIELDS,
  LOCATION_FIELDS,
  type IdentifierField,
  type ProfileInput,
  type ProfileRow,
  type UpsertOptions,
} from './types'
import { parseProfileInput } from './validate-profile'

export class DuplicateProfileError extends AppError {
  constructor(public readonly duplicateProfileId: string) {
    super('duplicate_profile', 409, 'A profile already exists with one of these identifiers.')
    this.name = 'DuplicateProfileError'
  }
}

export interface UpsertSyncResult {
  raw: RawProfile
  created: boolean
  changed: boolean
  mergedIds: string[]
}

const CLIENT_LOCKED = new Set(['email', 'phoneNumber', 'externalId'])

/**
 * A blank identifier ('') names nothing: absent, or in 'update' mode (the caller sets exactly
 * these values) a cleared field. Never stored as '', where the unique index would make the
 * next profile with a blank one collide.
 */
function withoutBlankIdentifiers(input: ProfileInput, mode: UpsertOptions['mode']): ProfileInput {
  if (!IDENTIFIER_FIELDS.some((f) => input[f] === '')) return input
  const out: ProfileInput = { ...input }
  for (const f of IDENTIFIER_FIELDS) {
    if (out[f] !== '') continue
    if (mode === 'update') out[f] = null
    else delete out[f]
  }
  return out
}

/** The row a new profile is inserted with (also built by set-based ingestion, lib/events). */
export function newProfileRow(
  companyId: number,
  input: ProfileInput,
  patch: UpsertOptions['patchProperties'],
  acceptedAt: number,
  now: Date,
): Record<string, unknown> {
  const stamp = dbDate(now)
  const row: Record<string, unknown> = { id: ulid(now.getTime()), companyId, createdAt: stamp, updatedAt: stamp }
  const clock = new WriteClock({}, acceptedAt)
  for (const f of [...IDENTIFIER_FIELDS, ...ATTRIBUTE_FIELDS]) if (input[f] != null && clock.set(f)) row[f] = input[f]
  for (const f of LOCATION_FIELDS) if (input.location?.[f] != null && clock.set(f)) row[f] = input.location[f]
  for (const k of Object.keys(input.properties ?? {})) clock.set(propertyPath(k))
  const props = applyPatchProperties({ ...(input.properties ?? {}) }, clock.patch(patch))
  row.properties = JSON.stringify(props)
  if (clock.changed) row.attributeTimes = clock.json()
  return row
}

/** The transactional core; `input` must already be validated (parseProfileInput). */
/** What a caller writing many profiles in one transaction holds (set-based ingestion, lib/events). */
export interface KnownProfiles {
  /** The row as current in this transaction, null when known absent, undefined when not known. */
  find(field: IdentifierField | 'id', value: string): RawProfile | null | undefined
  /** Takes over a write that would only move the attribute times (the caller writes them for
   *  many profiles at once, before anything else reads them); false: write it now. */
  deferTimes?(target: RawProfile, attributeTimes: string): boolean
  /** The profile has times deferred: a write of it must carry them. */
  hasDeferred?(id: string): boolean
}

export function* upsertProfileOps(
  companyId: number,
  given: ProfileInput,
  opts: UpsertOptions,
  now = new Date(),
  known?: KnownProfiles,
): Ops<UpsertSyncResult> {
  const { mode } = opts
  const input = withoutBlankIdentifiers(given, mode)
  const find = function* (field: IdentifierField | 'id', value: string): Ops<RawProfile | null> {
    const row = known?.find(field, value)
    return row !== undefined ? row : yield* findProfileByOps(companyId, field, value)
  }
  const byId = opts.id ? yield* find('id', opts.id) : null
  if (opts.id && !byId && mode !== 'create') throw notFound('Profile not found.')
  if (mode === 'update' && !byId) throw badRequest('A profile id is required.', { id: ['A profile id is required.'] })

  const matches = new Map<string, RawProfile>()
  for (const f of IDENTIFIER_FIELDS) {
    const v = input[f]
    if (typeof v === 'string' && v !== '') {
      const m = yield* find(f, v)
      if (m) matches.set(f, m)
    }
  }
  if (mode === 'create') {
    const dup = IDENTIFIER_FIELDS.map((f) => matches.get(f)).find(Boolean)
    if (dup) throw new DuplicateProfileError(dup.id)
  }
  const target = mode === 'create' ? null : (byId ?? IDENTIFIER_FIELDS.map((f) => matches.get(f)).find(Boolean) ?? null)

  const stamp = dbDate(now)
  const acceptedAt = opts.acceptedAt ?? now.getTime()
  if (!target)
    return {
      raw: yield* insertProfileOps(newProfileRow(companyId, input, opts.patchProperties, acceptedAt, now)),
      created: true,
      changed: true,
      mergedIds: [],
    }

  // Other profiles that hold one of the given identifiers.
  const mergedIds: string[] = []
  const keepOut = new Set<string>()
  for (const [f, m] of matches) {
    if (m.id === target.id || mergedIds.includes(m.id)) continue
    if (mode === 'update') throw new DuplicateProfileError(m.id)
    if (isAnonymous(m)) {
      yield* mergeProfilesOps(companyId, m, target, now)
      mergedIds.push(m.id)
    } else keepOut.add(f)
  }

  const changes: Record<string, unknown> = {}
  // After a merge `target` holds the merged times too (mergeProfilesSync updates it in place).
  const clock = new WriteClock(parseTimes(target.attributeTimes), acceptedAt)
  const set = (col: string, v: unknown) => {
    if (v === undefined || !clock.set(col)) return // not given, or a newer write set it
    if (target[col] !== v) changes[col] = v
  }
  for (const f of IDENTIFIER_FIELDS) {
    const v = input[f]
    if (v === undefined || keepOut.has(f)) continue
    if (mode === 'client' && CLIENT_LOCKED.has(f) && (target[f] != null || v === null)) continue
    set(f, v)
  }
  for (const f of ATTRIBUTE_FIELDS) set(f, input[f])
  if (input.location === null) for (const f of LOCATION_FIELDS) set(f, null)
  else if (input.location) for (const f of LOCATION_FIELDS) set(f, input.location[f])
  if (input.properties || opts.patchProperties) {
    const props = parseProps(target.properties)
    for (const [k, v] of Object.entries(input.properties ?? {})) {
      if (clock.set(propertyPath(k)))
        Object.defineProperty(props, k, { value: v, enumerable: true, writable: true, configurable: true })
    }
    const json = JSON.stringify(applyPatchProperties(props, clock.patch(opts.patchProperties)))
    if (json !== target.properties) changes.properties = json
  }
  const valueChanged = Object.keys(changes).length > 0
  const changed = valueChanged || mergedIds.length > 0
  if (valueChanged) changes.updatedAt = stamp
  // A write that changes no value still moves the times forward: an older one must not land after it.
  if (clock.changed || (valueChanged && known?.hasDeferred?.(target.id))) changes.attributeTimes = clock.json()
  if (
    !valueChanged &&
    !mergedIds.length &&
    clock.changed &&
    known?.deferTimes?.(target, changes.attributeTimes as string)
  ) {
    return { raw: { ...target, attributeTimes: changes.attributeTimes }, created: false, changed: false, mergedIds }
  }
  const stored = Object.keys(changes).length ? yield* updateProfileColumnsOps(companyId, target.id, changes) : null
  const raw = changed
    ? (stored ?? (yield* findProfileByOps(companyId, 'id', target.id))!)
    : clock.changed
      ? { ...target, attributeTimes: changes.attributeTimes }
      : target
  return { raw, created: false, changed, mergedIds }
}

/** A unique index refused the write (SQLite, or PostgreSQL's 23505). */
export const isUniqueViolation = (e: unknown) => {
  const code = (e as { code?: string })?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/**
 * Validates, resolves and writes one profile. A concurrent writer can create the same email
 * between our lookup and insert; the unique index then refuses it and the retry finds it.
 */
export async function upsertProfile(
  companyId: number,
  input: ProfileInput,
  opts: UpsertOptions,
): Promise<{ profile: ProfileRow; created: boolean }> {
  // Stamped before waiting for the write lock: the order of acceptance decides, not of commit.
  const stamped = { ...opts, acceptedAt: opts.acceptedAt ?? acceptedNow() }
  const clean = parseProfileInput(input)
  let result: UpsertSyncResult | undefined
  for (let attempt = 0; ; attempt++) {
    try {
      result = await inWriteTx(() => upsertProfileOps(companyId, clean, stamped))
      break
    } catch (e) {
      rolledBack() // a metric created by a merge in the failed transaction is gone
      if (!isUniqueViolation(e) || attempt >= 2 || opts.mode === 'create') {
        if (isUniqueViolation(e) && opts.mode === 'create') {
          const dup = await inWriteTx(function* () {
            for (const f of IDENTIFIER_FIELDS) {
              const v = clean[f]
              const m = typeof v === 'string' && v ? yield* findProfileByOps(companyId, f, v) : null
              if (m) return m.id
            }
            return null
          })
          if (dup) throw new DuplicateProfileError(dup)
        }
        throw e
      }
    }
  }
  if (result.changed) {
    // A new profile can match segments no change hint names ("zero times", "not in list"); a
    // merge moved events and memberships onto it: both re-check every segment that may apply.
    const hint = result.mergedIds.length
      ? { all: true as const }
      : { profileChanged: true, ...(result.created ? { created: true as const } : {}) }
    await reevaluateProfiles(companyId, [result.raw.id], hint)
  }
  return { profile: toProfileRow(result.raw), created: result.created }
}
