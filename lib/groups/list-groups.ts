// The lists and segments screen: search, type and starred filters, sort and paging.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { containsText } from '@/lib/db/dialect'
import type { Prisma } from '@/generated/prisma/client'
import { groupView, type GroupView } from './group-view'
import { pageFields, offsetOf, page, type Page } from './paging'

const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])

export const listGroupsQuery = z.object({
  ...pageFields,
  type: z.coerce.number().int().min(0).max(1).optional(),
  search: z.string().trim().max(255).optional(),
  starred: bool.optional(),
  sort: z.enum(['name', '-name', 'created', '-created', 'members', '-members']).optional(),
})
export type ListGroupsInput = z.input<typeof listGroupsQuery>

const ORDER: Record<string, Prisma.GroupOrderByWithRelationInput[]> = {
  name: [{ name: 'asc' }, { id: 'asc' }],
  '-name': [{ name: 'desc' }, { id: 'desc' }],
  created: [{ createdAt: 'asc' }, { id: 'asc' }],
  '-created': [{ createdAt: 'desc' }, { id: 'desc' }],
  members: [{ memberCount: 'asc' }, { id: 'asc' }],
  '-members': [{ memberCount: 'desc' }, { id: 'desc' }],
}

export async function listGroups(companyId: number, input: ListGroupsInput = {}): Promise<Page<GroupView>> {
  const q = listGroupsQuery.parse(input)
  const where: Prisma.GroupWhereInput = {
    companyId,
    deletedAt: null,
    ...(q.type !== undefined ? { type: q.type } : {}),
    ...(q.starred !== undefined ? { isStarred: q.starred } : {}),
    ...(q.search ? { name: containsText(q.search) } : {}),
  }
  const [rows, total] = await Promise.all([
    db.group.findMany({ where, orderBy: ORDER[q.sort ?? '-created'], skip: offsetOf(q), take: q.pageSize + 1 }),
    db.group.count({ where }),
  ])
  return page(rows.map(groupView), q, total)
}
