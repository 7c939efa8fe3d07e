// The public API's flow, flow-action and flow-message resources (JSON:API), their list pages
// with the reference's filters and sorts (50 per page, cursors), and the definition errors as
// JSON:API errors with pointers.
import { db } from '@/lib/db/client'
import type { Flow, FlowAction as FlowActionRow, FlowMessage } from '@/generated/prisma/client'
import { ApiError, invalidParam } from '@/lib/api/api-error'
import { apiDate, apiLink, pickFields, relationshipLinks } from '@/lib/api/json-api'
import { decodeCursor, nextLink } from '@/lib/api/cursor'
import { keysetOrder, keysetWhere, pageOf } from '@/lib/api/keyset'
import { dateValue, filterParam, pageSize, sortParam, sparseFields, stringValues } from '@/lib/api/query-params'
import type { FilterCondition } from '@/lib/api/filter-parser'
import type { FlowDefinition } from './definition'
import { actionDefinition, FLOW_STATUS, flowStatusName, FlowDefinitionInvalid, type FlowStatusName } from './store'

export const FLOW_FIELDS = [
  'name',
  'status',
  'archived',
  'created',
  'updated',
  'trigger_type',
  'definition',
  'id',
] as const

export function serializeFlow(
  url: URL,
  f: Flow,
  opts: { definition?: FlowDefinition; fields?: Set<string> | null; actionIds?: string[] } = {},
) {
  const attributes: Record<string, unknown> = {
    name: f.name,
    status: flowStatusName(f.status),
    archived: f.archived,
    created: apiDate(f.createdAt),
    updated: apiDate(f.updatedAt),
    trigger_type: f.triggerType,
  }
  if (opts.definition) attributes.definition = opts.definition
  const actions = relationshipLinks(url, 'flows', f.id, 'flow-actions')
  return {
    type: 'flow' as const,
    id: f.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    relationships: {
      'flow-actions': opts.actionIds
        ? { data: opts.actionIds.map((id) => ({ type: 'flow-action', id })), ...actions }
        : actions,
      tags: opts.actionIds
        ? { data: [], ...relationshipLinks(url, 'flows', f.id, 'tags') }
        : relationshipLinks(url, 'flows', f.id, 'tags'),
    },
    links: { self: apiLink(url, `/flows/${f.id}/`) },
  }
}

export function serializeFlowAction(url: URL, row: FlowActionRow) {
  return {
    type: 'flow-action' as const,
    id: row.id,
    attributes: { definition: actionDefinition(row), created: apiDate(row.createdAt), updated: apiDate(row.updatedAt) },
    relationships: {
      flow: { data: { type: 'flow', id: row.flowId }, ...relationshipLinks(url, 'flow-actions', row.id, 'flow') },
      'flow-messages': relationshipLinks(url, 'flow-actions', row.id, 'flow-messages'),
    },
    links: { self: apiLink(url, `/flow-actions/${row.id}/`) },
  }
}

export function serializeFlowMessage(url: URL, m: FlowMessage) {
  return {
    type: 'flow-message' as const,
    id: m.id,
    attributes: {
      channel: m.channel,
      definition: JSON.parse(m.definition) as unknown,
      created: apiDate(m.createdAt),
      updated: apiDate(m.updatedAt),
    },
    relationships: {
      'flow-action': {
        data: { type: 'flow-action', id: m.actionId },
        ...relationshipLinks(url, 'flow-messages', m.id, 'flow-action'),
      },
      template: {
        data: m.templateId ? { type: 'template', id: m.templateId } : null,
        ...relationshipLinks(url, 'flow-messages', m.id, 'template'),
      },
    },
    links: { self: apiLink(url, `/flow-messages/${m.id}/`) },
  }
}

/** A definition error as JSON:API errors below `base` (e.g. /data/attributes/definition). */
export function definitionApiError(e: FlowDefinitionInvalid, base: string): ApiError {
  return ApiError.many(
    400,
    e.errors.map((x) => ({ code: 'invalid', detail: x.detail, source: { pointer: base + x.pointer } })),
  )
}

const DATE_OPS = ['equals', 'greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'] as const
const TEXT_OPS = ['contains', 'ends-with', 'equals', 'starts-with'] as const
const PRISMA_DATE: Record<string, string> = {
  equals: 'equals',
  'greater-or-equal': 'gte',
  'greater-than': 'gt',
  'less-or-equal': 'lte',
  'less-than': 'lt',
}
const PRISMA_TEXT: Record<string, string> = {
  contains: 'contains',
  'ends-with': 'endsWith',
  equals: 'equals',
  'starts-with': 'startsWith',
}

/** A vendor filter condition as a Prisma where clause on `column`. */
function conditionWhere(
  c: FilterCondition,
  column: string,
  kind: 'id' | 'text' | 'date' | 'bool' | 'status' | 'plain',
): Record<string, unknown> {
  if (kind === 'date') return { [column]: { [PRISMA_DATE[c.op]!]: dateValue(c.value, c.field) } }
  if (kind === 'bool') {
    if (typeof c.value !== 'boolean') throw invalidParam('filter', `The value for "${c.field}" must be true or false.`)
    return { [column]: c.value }
  }
  const values = stringValues(c.value, c.field)
  if (c.op === 'any') return { [column]: { in: kind === 'status' ? values.map(statusNumber) : values } }
  if (kind === 'status') return { [column]: statusNumber(values[0]!) }
  return { [column]: { [PRISMA_TEXT[c.op] ?? 'equals']: values[0] } }
}

function statusNumber(s: string): number {
  if (!Object.hasOwn(FLOW_STATUS, s))
    throw invalidParam('filter', `"${s}" is not a flow status. Use draft, manual, live, disabled or paused.`)
  return FLOW_STATUS[s as FlowStatusName]
}

function pageLinks(url: URL, next: string | null) {
  return { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null }
}

const FLOW_COLUMNS: Record<string, [string, 'id' | 'text' | 'date' | 'bool' | 'status']> = {
  id: ['id', 'id'],
  name: ['name', 'text'],
  status: ['status', 'status'],
  archived: ['archived', 'bool'],
  trigger_type: ['triggerType', 'text'],
  created: ['createdAt', 'date'],
  updated: ['updatedAt', 'date'],
}

/** GET /api/flows: filters, sorts, 50 per page; include=flow-actions,tags. */
export async function listFlowsPage(companyId: number, url: URL, include: string[]) {
  const size = pageSize(url, { def: 50, max: 50 })
  const fields = sparseFields(url, 'flow', FLOW_FIELDS)
  const sort = sortParam(
    url,
    [
      'created',
      '-created',
      'id',
      '-id',
      'name',
      '-name',
      'status',
      '-status',
      'trigger_type',
      '-trigger_type',
      'updated',
      '-updated',
    ] as const,
    'id',
  )
  const and: Record<string, unknown>[] = [{ companyId }]
  const conds = filterParam(url, {
    id: ['any', 'equals'],
    name: TEXT_OPS,
    status: ['equals'],
    archived: ['equals'],
    trigger_type: ['equals'],
    created: DATE_OPS,
    updated: DATE_OPS,
  })
  for (const c of conds) and.push(conditionWhere(c, FLOW_COLUMNS[c.field]![0], FLOW_COLUMNS[c.field]![1]))
  const [column, kind] = FLOW_COLUMNS[sort.field]!
  const after = keysetWhere(
    column,
    sort.desc,
    decodeCursor(url.searchParams.get('page[cursor]')),
    kind === 'date' ? 'date' : kind === 'status' ? 'number' : 'text',
    column === 'triggerType',
  )
  if (after) and.push(after)
  const rows = await db.flow.findMany({
    where: { AND: and },
    orderBy: keysetOrder(column, sort.desc, column === 'triggerType'),
    take: size + 1,
  })
  const { page, next } = pageOf<Flow>(rows, size, column, (f) => (f as unknown as Record<string, unknown>)[column])
  const withActions = include.includes('flow-actions') || include.includes('tags')
  const actions = include.includes('flow-actions')
    ? await db.flowAction.findMany({
        where: { companyId, flowId: { in: page.map((f) => f.id) } },
        orderBy: { id: 'asc' },
      })
    : []
  const data = page.map((f) =>
    serializeFlow(url, f, {
      fields,
      ...(withActions ? { actionIds: actions.filter((a) => a.flowId === f.id).map((a) => a.id) } : {}),
    }),
  )
  return {
    data,
    links: pageLinks(url, next),
    ...(include.length ? { included: actions.map((a) => serializeFlowAction(url, a)) } : {}),
  }
}

const ACTION_COLUMNS: Record<string, [string, 'id' | 'text' | 'date' | 'plain']> = {
  id: ['id', 'id'],
  action_type: ['actionType', 'plain'],
  status: ['status', 'plain'],
  created: ['createdAt', 'date'],
  updated: ['updatedAt', 'date'],
}

/** GET /api/flows/{id}/flow-actions (filters id, action_type, status, created, updated). */
export async function listFlowActionsPage(companyId: number, flowId: string, url: URL, idsOnly = false) {
  const size = pageSize(url, { def: 50, max: 50 })
  const sort = sortParam(
    url,
    [
      'action_type',
      '-action_type',
      'created',
      '-created',
      'id',
      '-id',
      'status',
      '-status',
      'updated',
      '-updated',
    ] as const,
    'id',
  )
  const and: Record<string, unknown>[] = [{ companyId, flowId }]
  for (const c of filterParam(url, {
    id: ['any'],
    action_type: ['any', 'equals'],
    status: ['equals'],
    created: DATE_OPS,
    updated: DATE_OPS,
  })) {
    and.push(
      conditionWhere(
        c,
        ACTION_COLUMNS[c.field]![0],
        ACTION_COLUMNS[c.field]![1] === 'plain' ? 'text' : ACTION_COLUMNS[c.field]![1],
      ),
    )
  }
  const [column, kind] = ACTION_COLUMNS[sort.field]!
  const after = keysetWhere(
    column,
    sort.desc,
    decodeCursor(url.searchParams.get('page[cursor]')),
    kind === 'date' ? 'date' : 'text',
  )
  if (after) and.push(after)
  const rows = await db.flowAction.findMany({
    where: { AND: and },
    orderBy: keysetOrder(column, sort.desc),
    take: size + 1,
  })
  const { page, next } = pageOf<FlowActionRow>(
    rows,
    size,
    column,
    (r) => (r as unknown as Record<string, unknown>)[column],
  )
  return {
    data: page.map((r) => (idsOnly ? { type: 'flow-action', id: r.id } : serializeFlowAction(url, r))),
    links: pageLinks(url, next),
  }
}

const MESSAGE_COLUMNS: Record<string, [string, 'id' | 'text' | 'date']> = {
  id: ['id', 'id'],
  name: ['name', 'text'],
  created: ['createdAt', 'date'],
  updated: ['updatedAt', 'date'],
}

/** GET /api/flow-actions/{id}/flow-messages (filters id, name, created, updated). */
export async function listFlowMessagesPage(companyId: number, actionId: string, url: URL, idsOnly = false) {
  const size = pageSize(url, { def: 50, max: 50 })
  const sort = sortParam(
    url,
    ['created', '-created', 'id', '-id', 'name', '-name', 'updated', '-updated'] as const,
    'id',
  )
  const and: Record<string, unknown>[] = [{ companyId, actionId }]
  for (const c of filterParam(url, { id: ['any'], name: TEXT_OPS, created: DATE_OPS, updated: DATE_OPS })) {
    and.push(conditionWhere(c, MESSAGE_COLUMNS[c.field]![0], MESSAGE_COLUMNS[c.field]![1]))
  }
  const [column, kind] = MESSAGE_COLUMNS[sort.field]!
  const after = keysetWhere(
    column,
    sort.desc,
    decodeCursor(url.searchParams.get('page[cursor]')),
    kind === 'date' ? 'date' : 'text',
    column === 'name',
  )
  if (after) and.push(after)
  const rows = await db.flowMessage.findMany({
    where: { AND: and },
    orderBy: keysetOrder(column, sort.desc, column === 'name'),
    take: size + 1,
  })
  const { page, next } = pageOf<FlowMessage>(
    rows,
    size,
    column,
    (r) => (r as unknown as Record<string, unknown>)[column],
  )
  return {
    data: page.map((m) => (idsOnly ? { type: 'flow-message', id: m.id } : serializeFlowMessage(url, m))),
    links: pageLinks(url, next),
  }
}
