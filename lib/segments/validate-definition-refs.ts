// The checks a definition needs the database for: every metric and list it names must belong
// to the company (and a list condition must name a list, not a segment). Errors are keyed by
// the field path, like the schema's own.
import { kysely } from '@/lib/db/kysely'
import { read, select, type Ops } from '@/lib/db/ops'
import { badRequest, type FieldErrors } from '@/lib/errors/app-error'
import { isGroup, segmentDefinition, type ConditionGroup, type SegmentDefinition } from './definition'
import { definitionLimitErrors } from './definition-limits'
import { ZodError } from 'zod'

function walk(g: ConditionGroup, path: string, visit: (c: ConditionGroup['conditions'][number], path: string) => void) {
  g.conditions.forEach((c, i) => {
    const p = `${path}.conditions.${i}`
    if (isGroup(c)) walk(c, p, visit)
    else visit(c, p)
  })
}

export function* definitionRefErrorsOps(
  companyId: number,
  def: SegmentDefinition,
  prefix = 'definition',
): Ops<FieldErrors> {
  const metricIds = new Set<string>()
  const listIds = new Set<string>()
  walk(def.root, `${prefix}.root`, (c) => {
    if (!isGroup(c) && c.kind === 'metric') metricIds.add(c.metricId)
    if (!isGroup(c) && c.kind === 'list_membership') listIds.add(c.listId)
  })
  const k = kysely()
  const metrics = new Set(
    metricIds.size
      ? (yield* select(
          k
            .selectFrom('Metric')
            .select('id')
            .where('companyId', '=', companyId)
            .where('id', 'in', [...metricIds]),
        )).map((r) => r.id)
      : [],
  )
  const lists = new Set(
    listIds.size
      ? (yield* select(
          k
            .selectFrom('Group')
            .select('id')
            .where('companyId', '=', companyId)
            .where('type', '=', 0)
            .where('deletedAt', 'is', null)
            .where('id', 'in', [...listIds]),
        )).map((r) => r.id)
      : [],
  )
  const errors: FieldErrors = {}
  walk(def.root, `${prefix}.root`, (c, path) => {
    if (isGroup(c)) return
    if (c.kind === 'metric' && !metrics.has(c.metricId)) (errors[`${path}.metricId`] ??= []).push('Metric not found.')
    if (c.kind === 'list_membership' && !lists.has(c.listId)) (errors[`${path}.listId`] ??= []).push('List not found.')
  })
  return errors
}

export function definitionRefErrors(
  companyId: number,
  def: SegmentDefinition,
  prefix = 'definition',
): Promise<FieldErrors> {
  return read(definitionRefErrorsOps(companyId, def, prefix))
}

/**
 * Parses and checks a definition; throws 400 with field errors keyed `<prefix>.<path>`.
 * Used by the lib functions that take a definition from a caller other than the ajax layer.
 */
export async function parseDefinitionOrThrow(
  companyId: number,
  input: unknown,
  prefix = 'definition',
): Promise<SegmentDefinition> {
  const tooLarge = definitionLimitErrors(input, prefix)
  if (Object.keys(tooLarge).length) throw badRequest('The segment definition is too large.', tooLarge)
  const r = segmentDefinition.safeParse(input)
  if (!r.success) throw badRequest('The segment definition is not valid.', prefixErrors(r.error, prefix))
  const errors = await definitionRefErrors(companyId, r.data, prefix)
  if (Object.keys(errors).length) throw badRequest('The segment definition is not valid.', errors)
  // Within the per-group limits a definition can still compile to more bound values than one
  // SQLite statement takes (32,766; PostgreSQL 65,535): refuse it here rather than fail every
  // evaluation later.
  if (boundValuesBound(r.data) > MAX_BOUND_VALUES) {
    const message = 'The segment definition is too large: use fewer conditions or filters.'
    throw badRequest(message, { [prefix]: [message] })
  }
  return r.data
}

const MAX_BOUND_VALUES = 20_000

/**
 * An upper bound of the values the compiled predicate binds on either engine, without compiling
 * it (building and compiling a definition of thousands of conditions takes seconds): generous
 * per-condition figures (a JSON value read as a number or a date repeats its key).
 */
function boundValuesBound(def: SegmentDefinition): number {
  let n = 0
  walk(def.root, '', (c) => {
    if (isGroup(c)) return
    if (c.kind === 'metric') n += 8 + (c.filters?.length ?? 0) * 16
    else if (c.kind === 'profile_property') n += c.valueType === 'date' ? 96 : 32
    else n += 4
  })
  return n
}

function prefixErrors(e: ZodError, prefix: string): FieldErrors {
  const out: FieldErrors = {}
  for (const i of e.issues) {
    const key = [prefix, ...i.path.map(String)].join('.')
    ;(out[key] ??= []).push(i.message)
  }
  return out
}
