// The checks a definition needs the database for: every metric and list it names must belong
// to the company (and a list condition must name a list, not a segment). Errors are keyed by
// the field path, like the schema's own.
import { prep } from '@/lib/db/sqlite'
import { badRequest, type FieldErrors } from '@/lib/http/app-error'
import { isGroup, segmentDefinition, type ConditionGroup, type SegmentDefinition } from './definition'
import { ZodError } from 'zod'
import { compileDefinition } from './compile-definition'

function walk(g: ConditionGroup, path: string, visit: (c: ConditionGroup['conditions'][number], path: string) => void) {
  g.conditions.forEach((c, i) => {
    const p = `${path}.conditions.${i}`
    if (isGroup(c)) walk(c, p, visit)
    else visit(c, p)
  })
}

export function definitionRefErrors(companyId: number, def: SegmentDefinition, prefix = 'definition'): FieldErrors {
  const metricIds = new Set<string>()
  const listIds = new Set<string>()
  walk(def.root, `${prefix}.root`, (c) => {
    if (!isGroup(c) && c.kind === 'metric') metricIds.add(c.metricId)
    if (!isGroup(c) && c.kind === 'list_membership') listIds.add(c.listId)
  })
  const metrics = new Set(metricIds.size
    ? prep(`SELECT id FROM Metric WHERE companyId = ? AND id IN (SELECT value FROM json_each(?))`).pluck().all(companyId, JSON.stringify([...metricIds])) as string[]
    : [])
  const lists = new Set(listIds.size
    ? prep(`SELECT id FROM "Group" WHERE companyId = ? AND type = 0 AND deletedAt IS NULL AND id IN (SELECT value FROM json_each(?))`).pluck().all(companyId, JSON.stringify([...listIds])) as string[]
    : [])
  const errors: FieldErrors = {}
  walk(def.root, `${prefix}.root`, (c, path) => {
    if (isGroup(c)) return
    if (c.kind === 'metric' && !metrics.has(c.metricId)) (errors[`${path}.metricId`] ??= []).push('Metric not found.')
    if (c.kind === 'list_membership' && !lists.has(c.listId)) (errors[`${path}.listId`] ??= []).push('List not found.')
  })
  return errors
}

/**
 * Parses and checks a definition; throws 400 with field errors keyed `<prefix>.<path>`.
 * Used by the lib functions that take a definition from a caller other than the ajax layer.
 */
export function parseDefinitionOrThrow(companyId: number, input: unknown, prefix = 'definition'): SegmentDefinition {
  const r = segmentDefinition.safeParse(input)
  if (!r.success) throw badRequest('The segment definition is not valid.', prefixErrors(r.error, prefix))
  const errors = definitionRefErrors(companyId, r.data, prefix)
  if (Object.keys(errors).length) throw badRequest('The segment definition is not valid.', errors)
  // Within the per-group limits a definition can still compile to more bound values than one
  // SQLite statement takes (32,766): refuse it here rather than fail every evaluation later.
  if (compileDefinition(r.data, { now: 0 }).params.length > MAX_BOUND_VALUES) {
    const message = 'The segment definition is too large: use fewer conditions or filters.'
    throw badRequest(message, { [prefix]: [message] })
  }
  return r.data
}

const MAX_BOUND_VALUES = 20_000

function prefixErrors(e: ZodError, prefix: string): FieldErrors {
  const out: FieldErrors = {}
  for (const i of e.issues) {
    const key = [prefix, ...i.path.map(String)].join('.')
    ;(out[key] ??= []).push(i.message)
  }
  return out
}
