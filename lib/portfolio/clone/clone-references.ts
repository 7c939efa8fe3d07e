// The "map" step: each list, segment, metric and coupon the source points at, with its name and
// the target account's objects of the same name (the suggestion when there is exactly one).
// Lists and metrics can also be created in the target ("create": an empty list, a metric with
// no events); segments and coupons cannot (a segment of the target's own data is the target's
// choice, and coupon codes are the target store's own).
import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { refKey, type CloneKind, type RefKind } from './clone-kinds'
import { sourceRefs, type SourceRef } from './clone-source'

export interface CloneReference {
  key: string
  kind: RefKind
  id: string
  name: string
  options: Array<{ id: string; name: string }>
  suggestedTargetId: string | null
  canCreate: boolean
}

async function namesIn(companyId: number, refs: SourceRef[]) {
  const ids = (k: RefKind) => refs.filter((r) => r.kind === k).map((r) => r.id)
  const [groups, metrics] = await Promise.all([
    db.group.findMany({
      where: { companyId, id: { in: [...ids('list'), ...ids('segment')] } },
      select: { id: true, name: true },
    }),
    db.metric.findMany({ where: { companyId, id: { in: ids('metric') } }, select: { id: true, name: true } }),
  ])
  const names = new Map<string, string>()
  for (const g of groups) names.set(g.id, g.name)
  for (const m of metrics) names.set(m.id, m.name)
  return names
}

/** The target's objects of a kind (the map step offers all of them, same-name ones first). */
async function targetOptions(targetCompanyId: number, kind: RefKind): Promise<Array<{ id: string; name: string }>> {
  if (kind === 'metric')
    return db.metric.findMany({
      where: { companyId: targetCompanyId },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
    })
  if (kind === 'coupon')
    return (
      await db.coupon.findMany({
        where: { companyId: targetCompanyId },
        select: { externalId: true },
        orderBy: { externalId: 'asc' },
      })
    ).map((c) => ({ id: c.externalId, name: c.externalId }))
  return db.group.findMany({
    where: { companyId: targetCompanyId, type: kind === 'list' ? LIST : SEGMENT, deletedAt: null },
    select: { id: true, name: true },
    orderBy: { name: 'asc' },
    take: 1000,
  })
}

export async function cloneReferences(
  kind: CloneKind,
  sourceCompanyId: number,
  sourceId: string,
  targetCompanyId: number,
): Promise<{ name: string; references: CloneReference[] }> {
  const { name, refs } = await sourceRefs(kind, sourceCompanyId, sourceId)
  const names = await namesIn(sourceCompanyId, refs)
  const optionsByKind = new Map<RefKind, Array<{ id: string; name: string }>>()
  const references: CloneReference[] = []
  for (const r of refs) {
    if (!optionsByKind.has(r.kind)) optionsByKind.set(r.kind, await targetOptions(targetCompanyId, r.kind))
    const refName = r.kind === 'coupon' ? r.id : (names.get(r.id) ?? r.id)
    const all = optionsByKind.get(r.kind)!
    const same = all.filter((o) => o.name === refName)
    references.push({
      key: refKey(r.kind, r.id),
      kind: r.kind,
      id: r.id,
      name: refName,
      options: [...same, ...all.filter((o) => o.name !== refName)],
      suggestedTargetId: same.length === 1 ? same[0]!.id : null,
      canCreate: r.kind === 'list' || r.kind === 'metric',
    })
  }
  return { name, references }
}
