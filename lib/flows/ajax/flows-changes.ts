// GET /ajax/flow/{id}/changes – the version history: each saved version with its time, who saved
// it (from the audit log) and a summary of added, removed and changed actions against the version before.
import { db } from '@/lib/db/client'
import { triggerTypeOf, type FlowDefinition } from '../definition'
import { getAjaxFlow } from './flows-common'

export interface DefinitionDiff {
  added: string[]
  removed: string[]
  changed: string[]
  triggerChanged: boolean
  entryChanged: boolean
}

const strip = (a: unknown) => {
  const c = JSON.parse(JSON.stringify(a)) as { data?: { status?: unknown; message?: { id?: unknown } } }
  if (c.data && typeof c.data === 'object') {
    delete c.data.status
    if (c.data.message && typeof c.data.message === 'object') delete c.data.message.id
  }
  return JSON.stringify(c)
}

/** What changed between two definitions (by action id; statuses alone do not count as a change). */
export function diffDefinitions(prev: FlowDefinition | null, next: FlowDefinition): DefinitionDiff {
  const before = new Map((prev?.actions ?? []).map((a) => [a.id ?? a.temporary_id ?? '', a]))
  const after = new Map(next.actions.map((a) => [a.id ?? a.temporary_id ?? '', a]))
  return {
    added: [...after.keys()].filter((id) => !before.has(id)),
    removed: [...before.keys()].filter((id) => !after.has(id)),
    changed: [...after.keys()].filter((id) => before.has(id) && strip(before.get(id)) !== strip(after.get(id))),
    triggerChanged:
      JSON.stringify(prev?.triggers ?? []) !== JSON.stringify(next.triggers) ||
      JSON.stringify(prev?.profile_filter ?? null) !== JSON.stringify(next.profile_filter ?? null),
    entryChanged: (prev?.entry_action_id ?? null) !== next.entry_action_id,
  }
}

function summary(d: DefinitionDiff, first: boolean): string {
  if (first) return 'Flow created.'
  const parts: string[] = []
  if (d.added.length) parts.push(`${d.added.length} action${d.added.length > 1 ? 's' : ''} added`)
  if (d.removed.length) parts.push(`${d.removed.length} action${d.removed.length > 1 ? 's' : ''} removed`)
  if (d.changed.length) parts.push(`${d.changed.length} action${d.changed.length > 1 ? 's' : ''} changed`)
  if (d.triggerChanged) parts.push('trigger or flow filter changed')
  if (d.entryChanged) parts.push('first action changed')
  return parts.length ? parts.join(', ') + '.' : 'No change to the actions.'
}

export async function flowChanges(companyId: number, flowId: string) {
  await getAjaxFlow(companyId, flowId)
  const versions = await db.flowVersion.findMany({ where: { companyId, flowId }, orderBy: { version: 'asc' } })
  const audits = await db.flowAudit.findMany({
    where: { companyId, flowId, action: { in: ['create', 'save', 'clone'] }, version: { not: null } },
    orderBy: { id: 'asc' },
  })
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(audits.map((a) => a.userId).filter((u): u is number => u != null))] } },
    select: { id: true, email: true, firstName: true, lastName: true },
  })
  const byVersion = new Map(audits.map((a) => [a.version!, a]))
  const userById = new Map(users.map((u) => [u.id, u]))
  let prev: FlowDefinition | null = null
  const out = versions.map((v, i) => {
    const def = JSON.parse(v.definition) as FlowDefinition
    const diff = diffDefinitions(prev, def)
    prev = def
    const audit = byVersion.get(v.version)
    const u = audit?.userId != null ? userById.get(audit.userId) : undefined
    return {
      version: v.version,
      time: v.createdAt.toISOString(),
      who: u ? { userId: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email, email: u.email } : null,
      triggerType: triggerTypeOf(def.triggers),
      actionCount: def.actions.length,
      ...diff,
      summary: summary(diff, i === 0),
    }
  })
  return { changes: out.reverse() }
}
