// One group of a company; another company's (or a deleted) group is not found.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { groupView, LIST, type GroupView } from './group-view'

const isGroupId = (id: string) => typeof id === 'string' && id.length > 0 && id.length <= 64

export async function findGroupRow(companyId: number, id: string) {
  if (!isGroupId(id)) return null
  return db.group.findFirst({ where: { id, companyId, deletedAt: null } })
}

export async function getGroupRow(companyId: number, id: string, type?: number) {
  const g = await findGroupRow(companyId, id)
  if (!g || (type !== undefined && g.type !== type))
    throw notFound(type === LIST ? 'List not found.' : type === undefined ? 'Group not found.' : 'Segment not found.')
  return g
}

export async function getGroup(companyId: number, id: string): Promise<GroupView> {
  return groupView(await getGroupRow(companyId, id))
}
