// Links between tags and flows, campaigns, lists and segments: at most 100 tags per resource,
// one tag per resource from an exclusive group. Every id is checked against the company
// (another company's resource is "not found"). Flows also keep their FlowTag rows in step.
import type { Prisma, Tag } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { AppError, notFound } from '@/lib/errors/app-error'
import { getTagOrThrow } from './tags'
import { linkFlowTags, unlinkFlowTags } from './flow-tag-sync'

export const MAX_TAGS_PER_RESOURCE = 100
export const TAGGABLE = ['flow', 'campaign', 'list', 'segment'] as const
export type Taggable = (typeof TAGGABLE)[number]

type Tx = Prisma.TransactionClient | typeof db

/** The ids among `ids` that are resources of this type in the company. */
export async function existingResourceIds(
  tx: Tx,
  companyId: number,
  type: Taggable,
  ids: string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)]
  let rows: Array<{ id: string }>
  if (type === 'flow') rows = await tx.flow.findMany({ where: { companyId, id: { in: unique } }, select: { id: true } })
  else if (type === 'campaign')
    rows = await tx.campaign.findMany({ where: { companyId, id: { in: unique } }, select: { id: true } })
  else
    rows = await tx.group.findMany({
      where: { companyId, id: { in: unique }, type: type === 'list' ? LIST : SEGMENT, deletedAt: null },
      select: { id: true },
    })
  return new Set(rows.map((r) => r.id))
}

async function requireResources(tx: Tx, companyId: number, type: Taggable, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)]
  const found = await existingResourceIds(tx, companyId, type, unique)
  const missing = unique.filter((id) => !found.has(id))
  if (missing.length) throw notFound(`No ${type} with id ${missing.join(', ')} was found.`)
  return unique
}

/** Tag ids a resource carries (flows: links plus free-text FlowTag names that are tags). */
async function tagIdsOf(tx: Tx, companyId: number, type: Taggable, resourceId: string): Promise<Set<string>> {
  const links = await tx.tagLink.findMany({
    where: { companyId, resourceType: type, resourceId },
    select: { tagId: true },
  })
  const out = new Set(links.map((l) => l.tagId))
  if (type === 'flow') {
    const names = (await tx.flowTag.findMany({ where: { companyId, flowId: resourceId }, select: { tag: true } })).map(
      (r) => r.tag,
    )
    if (names.length)
      for (const t of await tx.tag.findMany({ where: { companyId, name: { in: names } }, select: { id: true } }))
        out.add(t.id)
  }
  return out
}

/** Links one tag to resources (204 semantics: already linked is fine). */
export async function linkTag(companyId: number, tagId: string, type: Taggable, ids: string[]): Promise<void> {
  const tag = await getTagOrThrow(companyId, tagId)
  await db.$transaction(async (tx) => {
    const unique = await requireResources(tx, companyId, type, ids)
    const group = await tx.tagGroup.findFirst({ where: { companyId, id: tag.groupId } })
    const siblings = group?.exclusive
      ? new Set(
          (await tx.tag.findMany({ where: { companyId, groupId: group.id }, select: { id: true } })).map((t) => t.id),
        )
      : null
    const fresh: string[] = []
    for (const id of unique) {
      const have = await tagIdsOf(tx, companyId, type, id)
      if (have.has(tag.id)) continue
      if (have.size >= MAX_TAGS_PER_RESOURCE)
        throw new AppError(
          'limit_reached',
          400,
          `The ${type} ${id} already has ${MAX_TAGS_PER_RESOURCE} tags, the most a resource can have.`,
        )
      if (siblings && [...have].some((t) => siblings.has(t))) {
        throw new AppError(
          'invalid',
          400,
          `The ${type} ${id} already has a tag from the exclusive group "${group!.name}"; a resource holds only one of its tags.`,
        )
      }
      fresh.push(id)
    }
    if (fresh.length) {
      const existing = await tx.tagLink.findMany({
        where: { companyId, tagId: tag.id, resourceType: type, resourceId: { in: fresh } },
        select: { resourceId: true },
      })
      const toCreate = fresh.filter((id) => !existing.some((e) => e.resourceId === id))
      if (toCreate.length)
        await tx.tagLink.createMany({
          data: toCreate.map((resourceId) => ({ companyId, tagId: tag.id, resourceType: type, resourceId })),
        })
      if (type === 'flow') await linkFlowTags(tx, companyId, fresh, tag.name)
    }
  })
}

export async function unlinkTag(companyId: number, tagId: string, type: Taggable, ids: string[]): Promise<void> {
  const tag = await getTagOrThrow(companyId, tagId)
  await db.$transaction(async (tx) => {
    const unique = await requireResources(tx, companyId, type, ids)
    await tx.tagLink.deleteMany({ where: { companyId, tagId: tag.id, resourceType: type, resourceId: { in: unique } } })
    if (type === 'flow') await unlinkFlowTags(tx, companyId, unique, tag.name)
  })
}

/** Resource ids a tag is linked to (only resources that still exist). */
export async function linkedResourceIds(companyId: number, tagId: string, type: Taggable): Promise<string[]> {
  const tag = await getTagOrThrow(companyId, tagId)
  const ids = new Set(
    (await db.tagLink.findMany({ where: { companyId, tagId, resourceType: type }, select: { resourceId: true } })).map(
      (l) => l.resourceId,
    ),
  )
  if (type === 'flow')
    for (const r of await db.flowTag.findMany({ where: { companyId, tag: tag.name }, select: { flowId: true } }))
      ids.add(r.flowId)
  const alive = await existingResourceIds(db, companyId, type, [...ids])
  return [...ids].filter((id) => alive.has(id)).sort()
}

/** The tags of one resource, by name. Throws 404 when the resource is not the company's. */
export async function tagsOfResource(companyId: number, type: Taggable, resourceId: string): Promise<Tag[]> {
  await requireResources(db, companyId, type, [resourceId])
  const ids = await tagIdsOf(db, companyId, type, resourceId)
  return db.tag.findMany({ where: { companyId, id: { in: [...ids] } }, orderBy: [{ name: 'asc' }, { id: 'asc' }] })
}

/** Tags of many resources at once (list screens): resourceId → tags. */
export async function tagsOfResources(
  companyId: number,
  type: Taggable,
  resourceIds: string[],
): Promise<Map<string, Tag[]>> {
  const out = new Map<string, Tag[]>()
  if (!resourceIds.length) return out
  const links = await db.tagLink.findMany({ where: { companyId, resourceType: type, resourceId: { in: resourceIds } } })
  const tags = await db.tag.findMany({ where: { companyId, id: { in: [...new Set(links.map((l) => l.tagId))] } } })
  const byId = new Map(tags.map((t) => [t.id, t]))
  for (const l of links) {
    const t = byId.get(l.tagId)
    if (t) out.set(l.resourceId, [...(out.get(l.resourceId) ?? []), t])
  }
  for (const list of out.values()) list.sort((a, b) => a.name.localeCompare(b.name))
  return out
}

/**
 * Resource ids carrying any of the tags (ids or names, matched case-insensitively by name):
 * the tag filter of the flows, campaigns, lists and segments lists.
 */
export async function resourceIdsWithAnyTag(
  companyId: number,
  type: Taggable,
  tagIdsOrNames: string[],
): Promise<Set<string>> {
  const wanted = new Set(tagIdsOrNames.map((t) => t.toLowerCase()))
  const tags = (await db.tag.findMany({ where: { companyId } })).filter(
    (t) => wanted.has(t.id.toLowerCase()) || wanted.has(t.name.toLowerCase()),
  )
  const links = tags.length
    ? await db.tagLink.findMany({
        where: { companyId, resourceType: type, tagId: { in: tags.map((t) => t.id) } },
        select: { resourceId: true },
      })
    : []
  const out = new Set(links.map((l) => l.resourceId))
  if (type === 'flow') {
    const names = new Set([...wanted, ...tags.map((t) => t.name.toLowerCase())])
    for (const r of await db.flowTag.findMany({ where: { companyId }, select: { flowId: true, tag: true } }))
      if (names.has(r.tag.toLowerCase())) out.add(r.flowId)
  }
  return out
}
