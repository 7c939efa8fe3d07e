// GET /ajax/flow/encoded/{id} – the flow in an export shape (schemaVersion, includeTags,
// isFromLibrary): the create document of /flow/{id}.json (actions keyed by temporary_id, so
// POST /api/flows or the builder's save imports it unchanged), the references it makes to the
// company's lists, segments, metrics and templates with their names (so an import elsewhere can
// map them), and the tags when asked. isFromLibrary marks a library copy: the flow's own ids
// (message ids) are dropped and its status is not carried.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { getFlowDefinition, toCreateDefinition } from '../store'
import { definitionRefs } from '../validate-definition'
import type { FlowDefinition } from '../definition'
import { flowStoreCall, getAjaxFlow, statusText } from './flows-common'
import { camelQuery } from './flows-list'

export const ENCODED_SCHEMA_VERSIONS = ['1', '2025-01-15'] as const
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

export const encodedFlowQuery = camelQuery(
  z.object({
    schemaVersion: z.string().default('2025-01-15'),
    includeTags: bool.default(false),
    isFromLibrary: bool.default(false),
  }),
)

export interface FlowReference {
  kind: string
  id: string
  name: string | null
  pointer: string
}

/** The lists, segments, metrics and templates a definition names, with their names in the company. */
export async function definitionReferences(companyId: number, def: FlowDefinition): Promise<FlowReference[]> {
  const uses = definitionRefs(def)
  const ids = (kinds: string[]) => [...new Set(uses.filter((u) => kinds.includes(u.kind)).map((u) => u.id))]
  const [groups, metrics, templates] = await Promise.all([
    db.group.findMany({
      where: { companyId, id: { in: ids(['list', 'segment', 'group']) }, deletedAt: null },
      select: { id: true, name: true, type: true },
    }),
    db.metric.findMany({ where: { companyId, id: { in: ids(['metric']) } }, select: { id: true, name: true } }),
    db.template.findMany({ where: { companyId, id: { in: ids(['template']) } }, select: { id: true, name: true } }),
  ])
  const names = new Map<string, string>()
  for (const g of groups) names.set(`group:${g.id}`, g.name)
  for (const m of metrics) names.set(`metric:${m.id}`, m.name)
  for (const t of templates) names.set(`template:${t.id}`, t.name)
  const groupType = new Map(groups.map((g) => [g.id, g.type === 0 ? 'list' : 'segment']))
  return uses.map((u) => {
    const kind = u.kind === 'group' ? (groupType.get(u.id) ?? 'group') : u.kind
    const key = u.kind === 'list' || u.kind === 'segment' || u.kind === 'group' ? `group:${u.id}` : `${u.kind}:${u.id}`
    return { kind, id: u.id, name: names.get(key) ?? null, pointer: '/' + u.path.join('/') }
  })
}

export async function encodedFlow(companyId: number, flowId: string, q: z.infer<typeof encodedFlowQuery>) {
  if (!(ENCODED_SCHEMA_VERSIONS as readonly string[]).includes(q.schemaVersion)) {
    throw badRequest(`schemaVersion must be one of ${ENCODED_SCHEMA_VERSIONS.join(', ')}.`, {
      schemaVersion: ['Unknown schema version.'],
    })
  }
  const flow = await getAjaxFlow(companyId, flowId)
  const def = await flowStoreCall(() => getFlowDefinition(companyId, flowId))
  const exported = toCreateDefinition(def)
  const tags = q.includeTags
    ? (await db.flowTag.findMany({ where: { companyId, flowId }, orderBy: { tag: 'asc' } })).map((t) => t.tag)
    : undefined
  return {
    schemaVersion: q.schemaVersion,
    isFromLibrary: q.isFromLibrary,
    flow: {
      name: flow.name,
      triggerType: flow.triggerType ?? 'Segment',
      ...(q.isFromLibrary ? {} : { id: flow.id, status: statusText(flow.status), version: flow.currentVersion }),
      ...(tags ? { tags } : {}),
      definition: exported,
    },
    references: await definitionReferences(companyId, exported),
  }
}
