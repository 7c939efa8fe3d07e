// GET /ajax/flows/list/ (the flows list: paging, search, sort, filters, figures), GET /ajax/flows
// (every flow, for pickers) and GET /ajax/flows/list/total_count.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { camelizeKeys } from '@/lib/text/keys'
import type { Flow } from '@/generated/prisma/client'
import { FLOW_STATUS, flowStatusName } from '../store'
import { statusText, STATUS_CODES } from './flows-common'
import { conversionMetricId, EMPTY_FIGURES, flowFigures, lastDays, type FlowFigures, type Period } from './flows-stats'

/** A comma list, or the parameter repeated (?tags=a&tags=b). */
const csv = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((x) => x.trim())
    .filter(Boolean),
)

/** Trigger type filter values: the flow's trigger_type text, or the definition's trigger kind / the API's names. */
const TRIGGER_ALIASES: Record<string, string> = {
  list: 'added to list',
  'added-to-list': 'added to list',
  addedtolist: 'added to list',
  metric: 'metric',
  event: 'metric',
  segment: 'segment',
  date: 'date based',
  datebased: 'date based',
  'date-based': 'date based',
  'price-drop': 'price drop',
  pricedrop: 'price drop',
  'low-inventory': 'low inventory',
  lowinventory: 'low inventory',
  unconfigured: 'unconfigured',
}
const csvOf = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  csv.pipe(z.array(z.enum(values, `${what} must be one of ${values.join(', ')}.`)))

export const SORT_FIELDS = ['name', 'status', 'updated', 'conversion', 'conversion_per_recipient'] as const

/** Query keys may come snake_case or camelCase (seed 000 §7: keys are transformed). */
export const camelQuery = <T extends z.ZodType>(schema: T) => z.preprocess((v) => camelizeKeys(v), schema)

export const listFlowsQuery = camelQuery(
  z.object({
    page: z.coerce.number().int().min(1, 'page starts at 1.').default(1),
    pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100.').default(25),
    search: z.string().max(200).optional(),
    sort: z.enum(SORT_FIELDS, `sort must be one of ${SORT_FIELDS.join(', ')}.`).default('updated'),
    direction: z.enum(['asc', 'desc'], 'direction must be asc or desc.').default('desc'),
    status: csvOf(STATUS_CODES, 'status').optional(),
    triggerType: csv.optional(),
    archived: z.enum(['true', 'false', 'all'], 'archived must be true, false or all.').default('false'),
    tags: csv.optional(),
    timeframeDays: z.coerce.number().int().min(1).max(730).default(30),
    conversionMetricId: z.string().max(64).optional(),
  }),
)
export type ListFlowsQuery = z.infer<typeof listFlowsQuery>

/** The filtered flows of the company (no paging), with their tags. */
export async function filteredFlows(
  companyId: number,
  q: Pick<ListFlowsQuery, 'search' | 'status' | 'triggerType' | 'archived' | 'tags'>,
) {
  const where: NonNullable<Parameters<typeof db.flow.findMany>[0]>['where'] = { companyId }
  if (q.archived !== 'all') where.archived = q.archived === 'true'
  if (q.status?.length) where.status = { in: q.status.map(Number) }
  let flows = await db.flow.findMany({ where, orderBy: { id: 'asc' } })
  if (q.triggerType?.length) {
    const wanted = new Set(q.triggerType.map((t) => TRIGGER_ALIASES[t.toLowerCase()] ?? t.toLowerCase()))
    flows = flows.filter((f) => wanted.has((f.triggerType ?? 'Segment').toLowerCase()))
  }
  if (q.search?.trim()) {
    const s = q.search.trim().toLowerCase()
    flows = flows.filter((f) => f.name.toLowerCase().includes(s) || f.id.toLowerCase() === s)
  }
  const tagRows = await db.flowTag.findMany({
    where: { companyId, flowId: { in: flows.map((f) => f.id) } },
    orderBy: { tag: 'asc' },
  })
  const tags = new Map<string, string[]>()
  for (const t of tagRows) tags.set(t.flowId, [...(tags.get(t.flowId) ?? []), t.tag])
  if (q.tags?.length) {
    const wanted = new Set(q.tags.map((t) => t.toLowerCase()))
    flows = flows.filter((f) => (tags.get(f.id) ?? []).some((t) => wanted.has(t.toLowerCase())))
  }
  return { flows, tags }
}

export function flowRow(f: Flow, tags: string[], figures: FlowFigures) {
  return {
    id: f.id,
    name: f.name,
    status: statusText(f.status),
    statusName: flowStatusName(f.status),
    archived: f.archived,
    triggerType: f.triggerType ?? 'Segment',
    tags,
    created: f.createdAt.toISOString(),
    updated: f.updatedAt.toISOString(),
    runs: figures.runs,
    sends: figures.sends,
    recipients: figures.recipients,
    conversion: figures.conversion,
    conversionPerRecipient: figures.conversionPerRecipient,
  }
}
export type FlowListRow = ReturnType<typeof flowRow>

export async function listFlows(companyId: number, q: ListFlowsQuery, now = new Date()) {
  const { flows, tags } = await filteredFlows(companyId, q)
  const period: Period = lastDays(q.timeframeDays, now)
  const metricId = await conversionMetricId(companyId, q.conversionMetricId)
  const byFigures = q.sort === 'conversion' || q.sort === 'conversion_per_recipient'
  const sign = q.direction === 'asc' ? 1 : -1
  let figures = byFigures
    ? await flowFigures(
        companyId,
        flows.map((f) => f.id),
        period,
        metricId,
      )
    : new Map<string, FlowFigures>()
  const fig = (id: string) => figures.get(id) ?? EMPTY_FIGURES
  const key = (f: Flow): string | number => {
    switch (q.sort) {
      case 'name':
        return f.name.toLowerCase()
      case 'status':
        return f.status
      case 'updated':
        return f.updatedAt.getTime()
      case 'conversion':
        return fig(f.id).conversion
      case 'conversion_per_recipient':
        return fig(f.id).conversionPerRecipient
    }
  }
  const sorted = [...flows].sort((a, b) => {
    const ka = key(a),
      kb = key(b)
    return (ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : 1) * sign
  })
  const page = sorted.slice((q.page - 1) * q.pageSize, q.page * q.pageSize)
  if (!byFigures)
    figures = await flowFigures(
      companyId,
      page.map((f) => f.id),
      period,
      metricId,
    )
  return {
    flows: page.map((f) => flowRow(f, tags.get(f.id) ?? [], fig(f.id))),
    total: flows.length,
    page: q.page,
    pageSize: q.pageSize,
    sort: q.sort,
    direction: q.direction,
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    conversionMetricId: metricId,
  }
}

/** GET /ajax/flows: every flow of the company (not archived unless asked), for pickers. */
export async function allFlows(companyId: number, includeArchived: boolean) {
  const flows = await db.flow.findMany({
    where: { companyId, ...(includeArchived ? {} : { archived: false }) },
    orderBy: { name: 'asc' },
  })
  return {
    flows: flows.map((f) => ({
      id: f.id,
      name: f.name,
      status: statusText(f.status),
      statusName: flowStatusName(f.status),
      archived: f.archived,
      triggerType: f.triggerType ?? 'Segment',
      updated: f.updatedAt.toISOString(),
    })),
  }
}

/** GET /ajax/flows/list/total_count: how many flows, by status, and how many archived. */
export async function flowTotals(companyId: number) {
  const rows = await db.flow.groupBy({ by: ['status', 'archived'], where: { companyId }, _count: { _all: true } })
  const byStatus: Record<string, number> = Object.fromEntries(Object.values(FLOW_STATUS).map((s) => [statusText(s), 0]))
  let total = 0,
    archived = 0
  for (const r of rows) {
    if (r.archived) archived += r._count._all
    else {
      total += r._count._all
      byStatus[statusText(r.status)] = (byStatus[statusText(r.status)] ?? 0) + r._count._all
    }
  }
  return { totalCount: total, byStatus, archivedCount: archived }
}
