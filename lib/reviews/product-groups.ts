// Review product groups (/reviews/product_groups): products that share their reviews (variants
// sold as separate products, a bundle and its parts). A product belongs to one group at most
// (unique company + catalog item); the widget and /client/reviews ask by one product's id and
// get the reviews of every product of its group (expandProductIds).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'

export const MAX_GROUP_MEMBERS = 200

export const productGroupInput = z.object({
  name: z.string().trim().min(1, 'A name is required.').max(120),
  catalogItemIds: z.array(z.string().min(1).max(64)).max(MAX_GROUP_MEMBERS),
})
export type ProductGroupInput = z.infer<typeof productGroupInput>

export async function listProductGroups(companyId: number) {
  const groups = await db.reviewProductGroup.findMany({
    where: { companyId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { _count: { select: { members: true } } },
    take: 500,
  })
  return groups.map((g) => ({ id: g.id, name: g.name, members: g._count.members, created: g.createdAt.toISOString() }))
}

export async function getProductGroup(companyId: number, id: string) {
  const g = await db.reviewProductGroup.findFirst({ where: { companyId, id }, include: { members: true } })
  if (!g) throw notFound('This product group does not exist.')
  const items = await db.catalogItem.findMany({
    where: { companyId, id: { in: g.members.map((m) => m.catalogItemId) } },
    select: { id: true, title: true, externalId: true },
  })
  return { id: g.id, name: g.name, products: items.sort((a, b) => a.title.localeCompare(b.title)) }
}

/** The company's catalog items of the ids, each in no other group than `groupId`; else a 400 naming them. */
async function membersFor(companyId: number, ids: string[], groupId: string | null) {
  const unique = [...new Set(ids)]
  const [items, taken] = await Promise.all([
    db.catalogItem.findMany({
      where: { companyId, id: { in: unique }, deleted: false },
      select: { id: true, externalId: true },
    }),
    db.reviewProductGroupMember.findMany({
      where: { companyId, catalogItemId: { in: unique }, ...(groupId ? { groupId: { not: groupId } } : {}) },
      select: { catalogItemId: true },
    }),
  ])
  if (items.length !== unique.length)
    throw badRequest('Some products do not exist.', { catalogItemIds: ['Some products do not exist.'] })
  if (taken.length)
    throw badRequest('A product can belong to one group only.', {
      catalogItemIds: [`Already in another group: ${taken.map((t) => t.catalogItemId).join(', ')}`],
    })
  return items
}

export async function createProductGroup(companyId: number, input: ProductGroupInput, now = new Date()) {
  const items = await membersFor(companyId, input.catalogItemIds, null)
  const id = ulid(now.getTime())
  await db.reviewProductGroup.create({
    data: {
      id,
      companyId,
      name: input.name,
      createdAt: now,
      members: {
        create: items.map((i) => ({ companyId, catalogItemId: i.id, productExternalId: i.externalId })),
      },
    },
  })
  return getProductGroup(companyId, id)
}

export async function updateProductGroup(companyId: number, id: string, input: ProductGroupInput) {
  const g = await db.reviewProductGroup.findFirst({ where: { companyId, id }, select: { id: true } })
  if (!g) throw notFound('This product group does not exist.')
  const items = await membersFor(companyId, input.catalogItemIds, id)
  await db.$transaction([
    db.reviewProductGroup.updateMany({ where: { companyId, id }, data: { name: input.name } }),
    db.reviewProductGroupMember.deleteMany({ where: { companyId, groupId: id } }),
    db.reviewProductGroupMember.createMany({
      data: items.map((i) => ({ groupId: id, companyId, catalogItemId: i.id, productExternalId: i.externalId })),
    }),
  ])
  return getProductGroup(companyId, id)
}

export async function deleteProductGroup(companyId: number, id: string) {
  const [, n] = await db.$transaction([
    db.reviewProductGroupMember.deleteMany({ where: { companyId, groupId: id } }),
    db.reviewProductGroup.deleteMany({ where: { companyId, id } }),
  ])
  if (!n.count) throw notFound('This product group does not exist.')
}

/** The store product ids asked for, with every other product of their groups. */
export async function expandProductIds(companyId: number, externalIds: string[]): Promise<string[]> {
  if (!externalIds.length) return externalIds
  const members = await db.reviewProductGroupMember.findMany({
    where: { companyId, productExternalId: { in: externalIds } },
    select: { groupId: true },
  })
  if (!members.length) return externalIds
  const all = await db.reviewProductGroupMember.findMany({
    where: { companyId, groupId: { in: [...new Set(members.map((m) => m.groupId))] } },
    select: { productExternalId: true },
  })
  return [...new Set([...externalIds, ...all.map((m) => m.productExternalId)])]
}

/** For each asked product that is in a group: every product id of its group (itself included). */
export async function groupMembersOf(companyId: number, externalIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (!externalIds.length) return out
  const members = await db.reviewProductGroupMember.findMany({
    where: { companyId, productExternalId: { in: externalIds } },
    select: { groupId: true, productExternalId: true },
  })
  if (!members.length) return out
  const all = await db.reviewProductGroupMember.findMany({
    where: { companyId, groupId: { in: [...new Set(members.map((m) => m.groupId))] } },
    select: { groupId: true, productExternalId: true },
  })
  for (const m of members)
    out.set(
      m.productExternalId,
      all.filter((a) => a.groupId === m.groupId).map((a) => a.productExternalId),
    )
  return out
}

/** Catalog items by title or store id, for picking a group's products. */
export async function searchCatalogItems(companyId: number, q: string, limit = 20) {
  return db.catalogItem.findMany({
    where: {
      companyId,
      deleted: false,
      ...(q ? { OR: [{ title: { contains: q } }, { externalId: { contains: q } }] } : {}),
    },
    select: { id: true, title: true, externalId: true },
    orderBy: [{ title: 'asc' }, { id: 'asc' }],
    take: limit,
  })
}
