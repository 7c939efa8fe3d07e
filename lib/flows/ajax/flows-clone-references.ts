// The cross-account clone's "map" step (seed 001 §2.13 /flow/{id}/cross-account-clone/{select,
// name,map,review}): the accounts the user may clone into, and the lists, segments and metrics
// the flow names with a suggestion in the target account (same name). Templates are copied, not mapped.
import { db } from '@/lib/db/client'
import { forbidden } from '@/lib/errors/app-error'
import { resourcesForRole } from '@/lib/auth/roles'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { getFlowDefinition, toCreateDefinition } from '../store'
import { definitionRefs } from '../validate-definition'
import type { FlowDefinition } from '../definition'
import { flowStoreCall, getAjaxFlow } from './flows-common'

export type MappableKind = 'list' | 'segment' | 'group' | 'metric'
export const isMappable = (k: string): k is MappableKind =>
  k === 'list' || k === 'segment' || k === 'group' || k === 'metric'

/** The companies (other than the current one) where the user is a member with flows_create. */
export async function cloneTargets(userId: number, currentCompanyId: number) {
  const rows = await db.membership.findMany({
    where: { userId },
    include: { company: { select: { id: true, name: true } } },
    orderBy: { companyId: 'asc' },
  })
  return rows
    .filter((m) => m.companyId !== currentCompanyId && resourcesForRole(m.role).includes('flows_create'))
    .map((m) => ({ companyId: m.company.id, name: m.company.name }))
}

/** Throws 403 unless the user may create flows in the target company. */
export async function assertCloneTarget(userId: number, targetCompanyId: number) {
  const m = await db.membership.findUnique({ where: { userId_companyId: { userId, companyId: targetCompanyId } } })
  if (!m || !resourcesForRole(m.role).includes('flows_create'))
    throw forbidden('You cannot create flows in that account.')
}

export interface CloneReference {
  kind: MappableKind
  id: string
  name: string | null
  pointers: string[]
  suggestions: Array<{ id: string; name: string; kind: 'list' | 'segment' | 'metric' }>
  /** The suggested target: the only same-name object, else null (metrics and lists can also be created: "create"). */
  suggestedTargetId: string | null
  canCreate: boolean
}

async function namesOf(companyId: number, def: FlowDefinition) {
  const uses = definitionRefs(def).filter((u) => isMappable(u.kind))
  const groupIds = [...new Set(uses.filter((u) => u.kind !== 'metric').map((u) => u.id))]
  const metricIds = [...new Set(uses.filter((u) => u.kind === 'metric').map((u) => u.id))]
  const [groups, metrics] = await Promise.all([
    db.group.findMany({ where: { companyId, id: { in: groupIds } }, select: { id: true, name: true, type: true } }),
    db.metric.findMany({ where: { companyId, id: { in: metricIds } }, select: { id: true, name: true } }),
  ])
  return { uses, groups: new Map(groups.map((g) => [g.id, g])), metrics: new Map(metrics.map((m) => [m.id, m.name])) }
}

/** The references of a definition with same-name suggestions in the target company. */
export async function cloneReferencesOf(
  sourceCompanyId: number,
  def: FlowDefinition,
  targetCompanyId: number,
): Promise<CloneReference[]> {
  const { uses, groups, metrics } = await namesOf(sourceCompanyId, def)
  const byKey = new Map<string, CloneReference>()
  for (const u of uses) {
    const kind = u.kind as MappableKind
    const key = `${kind}:${u.id}`
    const ref = byKey.get(key) ?? {
      kind,
      id: u.id,
      name: kind === 'metric' ? (metrics.get(u.id) ?? null) : (groups.get(u.id)?.name ?? null),
      pointers: [],
      suggestions: [],
      suggestedTargetId: null,
      canCreate: kind === 'metric' || kind === 'list',
    }
    ref.pointers.push('/' + u.path.join('/'))
    byKey.set(key, ref)
  }
  for (const ref of byKey.values()) {
    if (!ref.name) continue
    if (ref.kind === 'metric') {
      const m = await db.metric.findMany({
        where: { companyId: targetCompanyId, name: ref.name },
        select: { id: true, name: true },
      })
      ref.suggestions = m.map((x) => ({ id: x.id, name: x.name, kind: 'metric' as const }))
    } else {
      const type = ref.kind === 'list' ? { type: LIST } : ref.kind === 'segment' ? { type: SEGMENT } : {}
      const g = await db.group.findMany({
        where: { companyId: targetCompanyId, name: ref.name, deletedAt: null, ...type },
        select: { id: true, name: true, type: true },
      })
      ref.suggestions = g.map((x) => ({
        id: x.id,
        name: x.name,
        kind: x.type === LIST ? ('list' as const) : ('segment' as const),
      }))
    }
    ref.suggestedTargetId = ref.suggestions.length === 1 ? ref.suggestions[0]!.id : null
  }
  return [...byKey.values()]
}

/** GET /ajax/flow/{id}/clone/references?targetCompanyId=: the map step's data. */
export async function cloneReferences(companyId: number, userId: number, flowId: string, targetCompanyId: number) {
  await assertCloneTarget(userId, targetCompanyId)
  const flow = await getAjaxFlow(companyId, flowId)
  const def = toCreateDefinition(await flowStoreCall(() => getFlowDefinition(companyId, flowId)))
  const templates = def.actions.filter(
    (a) => (a.data as { message?: { template_id?: string } } | undefined)?.message?.template_id,
  ).length
  return {
    flowId: flow.id,
    name: flow.name,
    targetCompanyId,
    references: await cloneReferencesOf(companyId, def, targetCompanyId),
    templatesCopied: templates,
  }
}

/** GET /ajax/flow/{id}/clone/triggers: the flow's trigger(s) with what they name, for the clone dialog. */
export async function cloneTriggers(companyId: number, flowId: string) {
  const flow = await getAjaxFlow(companyId, flowId)
  const def = await flowStoreCall(() => getFlowDefinition(companyId, flowId))
  const { groups, metrics } = await namesOf(companyId, def)
  return {
    flowId: flow.id,
    triggerType: flow.triggerType ?? 'Segment',
    triggers: def.triggers.map((t) => {
      const id = typeof (t as { id?: unknown }).id === 'string' ? (t as { id: string }).id : null
      const name = id ? ((t.type === 'metric' ? metrics.get(id) : groups.get(id)?.name) ?? null) : null
      return {
        type: t.type,
        id,
        name,
        exists: id ? name !== null : true,
        unsupported: (t as { unsupported?: boolean }).unsupported === true,
      }
    }),
  }
}
