// Executor of the 'update-profile' action: the vendor's profile_operations applied to the
// profile's custom properties inside the step's transaction, so they commit with the step row
// (unique per run and action) or not at all; a retried step never appends twice.
//
// Operations (OpenAPI UpdateProfileActionData):
//   { operator: 'create' | 'update', property_type, property_key, property_value } sets the
//     property (create and update both set it, whether or not it exists);
//     property_type string | boolean | numeric | date (YYYY-MM-DD, or "today" = the step's day in
//     the profile's time zone, else the company's) | list (property_operation add | remove adds
//     the value to, or removes it from, the list property; null replaces it with [value]);
//   { operator: 'delete', property_key } removes the property.
// Each property is stamped in Profile.attributeTimes with the step's time, so a newer API write
// of the same property is not undone by a run that was delayed. Segments are re-evaluated for
// the profile in the same transaction. Many runs at the same action (updateProfileBatchExecutor):
// one read of their profiles, an UPDATE per changed profile, one segment re-evaluation for all.
import { z } from 'zod'
import { exec, select, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbDate } from '@/lib/db/query-template'
import { companyIdForIds } from '@/lib/db/dialect'
import type { FieldErrors } from '@/lib/errors/app-error'
import { parseProps } from '@/lib/profiles/profile-store'
import { parseTimes, propertyPath, WriteClock } from '@/lib/profiles/attribute-times'
import { MAX_STRING_BYTES } from '@/lib/profiles/validate-profile'
import { reevaluateProfilesOps } from '@/lib/segments/reevaluate-profiles'
import type { ActionExecutor, BatchActionExecutor, StepContext, StepResult } from '../types'
import { companyZoneOps } from '../cache'
import { nextOf } from '../types'

const MAX_KEY = 255
const MAX_OPERATIONS = 100
const key = z
  .string()
  .trim()
  .min(1, 'The property name is required.')
  .max(MAX_KEY, `A property name is at most ${MAX_KEY} characters.`)
  .refine((k) => k !== '__proto__' && k !== 'constructor' && k !== 'prototype', 'This property name is reserved.')
const setOp = z.enum(['create', 'update'], { message: 'The operator must be create, update or delete.' })
const text = z.string().refine((s) => Buffer.byteLength(s) <= MAX_STRING_BYTES, 'Strings may be at most 100 KB.')

export const profileOperation = z.discriminatedUnion(
  'property_type',
  [
    z.object({ operator: setOp, property_type: z.literal('string'), property_key: key, property_value: text }),
    z.object({
      operator: setOp,
      property_type: z.literal('boolean'),
      property_key: key,
      property_value: z.boolean({ message: 'Expected true or false.' }),
    }),
    z.object({
      operator: setOp,
      property_type: z.literal('numeric'),
      property_key: key,
      property_value: z.number({ message: 'Expected a number.' }).finite(),
    }),
    z.object({
      operator: setOp,
      property_type: z.literal('date'),
      property_key: key,
      property_value: z
        .string()
        .refine(
          (v) => v === 'today' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
          'Expected a date (YYYY-MM-DD) or "today".',
        ),
    }),
    z.object({
      operator: setOp,
      property_type: z.literal('list'),
      property_operation: z.enum(['add', 'remove']).nullable().optional(),
      property_key: key,
      property_value: text,
    }),
  ],
  { message: 'The property_type must be string, boolean, numeric, date or list.' },
)
export const deleteOperation = z.object({ operator: z.literal('delete'), property_key: key })
export type ProfileOperation = z.infer<typeof profileOperation> | z.infer<typeof deleteOperation>

/** Parses one operation: the delete form or one of the typed set forms. */
function parseOperation(raw: unknown) {
  if (raw && typeof raw === 'object' && (raw as { operator?: unknown }).operator === 'delete')
    return deleteOperation.safeParse(raw)
  return profileOperation.safeParse(raw)
}

/**
 * Field errors of a profile_operations array (keys like "profile_operations.0.property_value"),
 * or null when every operation is valid. POST /ajax/flow/action/profile-operation/validate and
 * the executor use it.
 */
export function validateProfileOperations(ops: unknown): FieldErrors | null {
  const errors: FieldErrors = {}
  const add = (k: string, m: string) => (errors[k] ??= []).push(m)
  if (!Array.isArray(ops)) {
    add('profile_operations', 'Expected a list of profile operations.')
    return errors
  }
  if (ops.length === 0) add('profile_operations', 'Add at least one profile operation.')
  if (ops.length > MAX_OPERATIONS)
    add('profile_operations', `At most ${MAX_OPERATIONS} profile operations are allowed.`)
  const seen = new Map<string, number>()
  ops.forEach((raw, i) => {
    const r = parseOperation(raw)
    if (!r.success) {
      for (const issue of r.error.issues) add(['profile_operations', i, ...issue.path].join('.'), issue.message)
      return
    }
    const k = r.data.property_key
    if (seen.has(k) && r.data.operator !== 'delete' && !('property_operation' in r.data && r.data.property_operation)) {
      add(`profile_operations.${i}.property_key`, `The property ${k} is already set by operation ${seen.get(k)! + 1}.`)
    }
    seen.set(k, i)
  })
  return Object.keys(errors).length ? errors : null
}

/** The day of `now` in a time zone, as YYYY-MM-DD. */
// One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and this runs per step.
const dayFormats = new Map<string, Intl.DateTimeFormat | null>()

function dayIn(now: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone)
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    } catch {
      f = null
    }
    if (dayFormats.size < 1000) dayFormats.set(timeZone, f)
  }
  return f ? f.format(now) : now.toISOString().slice(0, 10)
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

/** Property changes computed from operations against the current properties (pure). */
export function applyOperations(
  props: Record<string, unknown>,
  ops: ProfileOperation[],
  today: string,
): { props: Record<string, unknown>; keys: string[] } {
  const out = { ...props }
  const keys: string[] = []
  const put = (k: string, v: unknown) =>
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
  for (const op of ops) {
    const k = op.property_key
    keys.push(k)
    if (op.operator === 'delete') {
      delete out[k]
      continue
    }
    if (op.property_type === 'date') put(k, op.property_value === 'today' ? today : op.property_value)
    else if (op.property_type === 'list') {
      const cur = Object.hasOwn(out, k) ? out[k] : undefined
      const arr = Array.isArray(cur) ? [...cur] : cur == null ? [] : [cur]
      if (op.property_operation === 'add')
        put(k, arr.some((x) => same(x, op.property_value)) ? arr : [...arr, op.property_value])
      else if (op.property_operation === 'remove')
        put(
          k,
          arr.filter((x) => !same(x, op.property_value)),
        )
      else put(k, [op.property_value])
    } else put(k, op.property_value)
  }
  return { props: out, keys: [...new Set(keys)] }
}

/**
 * Applies property changes to one profile inside the caller's transaction: `change` gets the
 * current properties and returns the new ones with the keys it touched. Keys a newer write
 * already changed are left as they are. Returns the keys written, or null without a profile.
 */
export function* writeProfilePropertiesOps(
  companyId: number,
  profileId: string,
  at: Date,
  change: (props: Record<string, unknown>, today: string) => { props: Record<string, unknown>; keys: string[] },
): Ops<string[] | null> {
  return (yield* writeManyProfilePropertiesOps(companyId, [profileId], at, change))[0]!
}

const READ_CHUNK = 500

/**
 * writeProfilePropertiesOps for many profiles of one company (the runs of a batch), in order: a
 * profile named twice sees its first change. One read of the profiles, one UPDATE per changed
 * profile, and one re-evaluation of the segments for all the changed ones.
 */
export function* writeManyProfilePropertiesOps(
  companyId: number,
  profileIds: string[],
  at: Date,
  change: (props: Record<string, unknown>, today: string) => { props: Record<string, unknown>; keys: string[] },
): Ops<Array<string[] | null>> {
  const ids = [...new Set(profileIds)]
  const state = new Map<string, { props: Record<string, unknown>; times: string; timezone: string | null }>()
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    // +companyId: the primary key drives (lib/db/dialect.ts; SQLite would read the whole company).
    const rows = yield* select(
      kysely()
        .selectFrom('Profile')
        .select(['id', 'properties', 'attributeTimes', 'timezone'])
        .where(companyIdForIds(companyId))
        .where('id', 'in', ids.slice(i, i + READ_CHUNK)),
    )
    for (const r of rows)
      state.set(r.id, {
        props: parseProps(r.properties),
        times: r.attributeTimes as string,
        timezone: (r.timezone as string | null) ?? null,
      })
  }
  const zone = state.size ? yield* companyZoneOps(companyId) : 'UTC'
  const out: Array<string[] | null> = []
  const changed = new Set<string>()
  for (const id of profileIds) {
    const p = state.get(id)
    if (!p) {
      out.push(null)
      continue
    }
    const today = dayIn(at, p.timezone || zone)
    const current = p.props
    const { props: wanted, keys } = change(current, today)
    const clock = new WriteClock(parseTimes(p.times), at.getTime())
    const next = { ...current }
    const written: string[] = []
    for (const k of keys) {
      if (!clock.set(propertyPath(k))) continue
      if (Object.hasOwn(wanted, k))
        Object.defineProperty(next, k, { value: wanted[k], enumerable: true, writable: true, configurable: true })
      else delete next[k]
      written.push(k)
    }
    out.push(written)
    if (!written.length) continue
    p.props = next
    p.times = clock.json()
    yield* exec(
      kysely()
        .updateTable('Profile')
        .set({ properties: JSON.stringify(next), attributeTimes: p.times, updatedAt: dbDate(at) as never })
        .where('companyId', '=', companyId)
        .where('id', '=', id),
    )
    changed.add(id)
  }
  if (changed.size) yield* reevaluateProfilesOps(companyId, [...changed], { profileChanged: true })
  return out
}

/** The profile operations of an action, or the result that fails every run (invalid operations). */
function operationsOf(action: StepContext['action']): { ops: ProfileOperation[] } | { invalid: StepResult } {
  const raw = (action.data as { profile_operations?: unknown } | undefined)?.profile_operations
  const errors = validateProfileOperations(raw)
  if (errors)
    return {
      invalid: {
        kind: 'next',
        next: nextOf(action),
        status: 'failed',
        outcome: 'invalid_operations',
        detail: { reason: 'The profile operations are not valid.', errors },
      },
    }
  return { ops: (raw as unknown[]).map((o) => parseOperation(o).data as ProfileOperation) }
}

const updatedResult = (action: StepContext['action'], written: string[] | null): StepResult =>
  written === null
    ? {
        kind: 'next',
        next: nextOf(action),
        status: 'failed',
        outcome: 'no_profile',
        detail: { reason: 'The profile no longer exists.' },
      }
    : { kind: 'next', next: nextOf(action), outcome: 'updated', detail: { properties: written } }

export const updateProfileExecutor: ActionExecutor = function* (ctx) {
  const o = operationsOf(ctx.action)
  if ('invalid' in o) return o.invalid
  const written = yield* writeProfilePropertiesOps(ctx.companyId, ctx.profileId, ctx.now, (props, today) =>
    applyOperations(props, o.ops, today),
  )
  return updatedResult(ctx.action, written)
}

/** updateProfileExecutor for many runs at the same action (same company, same clock), set-based. */
export const updateProfileBatchExecutor: BatchActionExecutor = function* (ctxs) {
  if (!ctxs.length) return []
  const first = ctxs[0]!
  const o = operationsOf(first.action)
  if ('invalid' in o) return ctxs.map(() => o.invalid)
  const written = yield* writeManyProfilePropertiesOps(
    first.companyId,
    ctxs.map((c) => c.profileId),
    first.now,
    (props, today) => applyOperations(props, o.ops, today),
  )
  return written.map((w) => updatedResult(first.action, w))
}
