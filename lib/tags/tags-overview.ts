// The tags screen and the tag pickers: every group with its tags and how many resources each
// tag is on (links plus, for flows, free-text FlowTag names).
import { db } from '@/lib/db/client'
import { listTagGroups } from './tag-groups'
import { listTags } from './tags'

export interface TagView {
  id: string
  name: string
  groupId: string
  usage: number
}
export interface TagGroupView {
  id: string
  name: string
  exclusive: boolean
  isDefault: boolean
  tags: TagView[]
}

export async function tagsOverview(companyId: number): Promise<{ groups: TagGroupView[]; tagCount: number }> {
  const [groups, tags, links, flowTags] = await Promise.all([
    listTagGroups(companyId),
    listTags(companyId),
    db.tagLink.groupBy({ by: ['tagId'], where: { companyId }, _count: { _all: true } }),
    db.flowTag.groupBy({ by: ['tag'], where: { companyId }, _count: { _all: true } }),
  ])
  const linkCount = new Map(links.map((l) => [l.tagId, l._count._all]))
  const flowCount = new Map(flowTags.map((f) => [f.tag, f._count._all]))
  const linkedFlows = await db.tagLink.groupBy({
    by: ['tagId'],
    where: { companyId, resourceType: 'flow' },
    _count: { _all: true },
  })
  const linkedFlowCount = new Map(linkedFlows.map((l) => [l.tagId, l._count._all]))
  const views: TagView[] = tags.map((t) => ({
    id: t.id,
    name: t.name,
    groupId: t.groupId,
    // Linked flows also have FlowTag rows; count each flow once.
    usage:
      (linkCount.get(t.id) ?? 0) -
      (linkedFlowCount.get(t.id) ?? 0) +
      Math.max(flowCount.get(t.name) ?? 0, linkedFlowCount.get(t.id) ?? 0),
  }))
  return {
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      exclusive: g.exclusive,
      isDefault: g.isDefault,
      tags: views.filter((v) => v.groupId === g.id),
    })),
    tagCount: tags.length,
  }
}
