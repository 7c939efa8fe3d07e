// GET /api/lists and GET /api/segments: the reference's filters, sorts and 10-per-page cursors.
import { db } from '@/lib/db/client'
import type { Group } from '@/generated/prisma/client'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { decodeCursor, nextLink } from '../cursor'
import { keysetOrder, keysetWhere, pageOf } from '../keyset'
import { invalidParam } from '../api-error'
import { dateValue, filterParam, pageSize, sortParam, sparseFields, stringValues } from '../query-params'
import { LIST_FIELDS, SEGMENT_FIELDS, serializeList, serializeSegment } from '../serialize-group'

const BASE_FILTERS = {
  name: ['any', 'equals'],
  id: ['any', 'equals'],
  created: ['greater-than'],
  updated: ['greater-than'],
} as const
const SEGMENT_FILTERS = { ...BASE_FILTERS, is_active: ['any', 'equals'], is_starred: ['equals'] } as const
const SORTS = ['created', '-created', 'id', '-id', 'name', '-name', 'updated', '-updated'] as const
const COLUMN: Record<string, string> = {
  id: 'id',
  name: 'name',
  created: 'createdAt',
  updated: 'updatedAt',
  is_active: 'isActive',
  is_starred: 'isStarred',
}

function booleans(v: unknown, field: string): boolean[] {
  const list = Array.isArray(v) ? v : [v]
  for (const x of list)
    if (typeof x !== 'boolean') throw invalidParam('filter', `The value for "${field}" must be true or false.`)
  return list as boolean[]
}

export async function listGroupsPage(companyId: number, url: URL, type: typeof LIST | typeof SEGMENT) {
  const size = pageSize(url, { def: 10, max: 10 })
  const fields = sparseFields(url, type === LIST ? 'list' : 'segment', type === LIST ? LIST_FIELDS : SEGMENT_FIELDS)
  const sort = sortParam(url, SORTS, 'id')
  const and: Record<string, unknown>[] = [{ companyId, type, deletedAt: null }]
  for (const c of filterParam(url, type === LIST ? BASE_FILTERS : SEGMENT_FILTERS)) {
    const column = COLUMN[c.field]!
    if (c.field === 'created' || c.field === 'updated') and.push({ [column]: { gt: dateValue(c.value, c.field) } })
    else if (c.field === 'is_active' || c.field === 'is_starred') {
      const values = booleans(c.value, c.field)
      and.push({ OR: values.map((v) => ({ [column]: v })) })
    } else {
      const values = stringValues(c.value, c.field)
      and.push(c.op === 'equals' ? { [column]: values[0] } : { [column]: { in: values } })
    }
  }
  const column = COLUMN[sort.field]!
  const after = keysetWhere(
    column,
    sort.desc,
    decodeCursor(url.searchParams.get('page[cursor]')),
    column.endsWith('At') ? 'date' : 'text',
  )
  if (after) and.push(after)
  const rows = await db.group.findMany({ where: { AND: and }, orderBy: keysetOrder(column, sort.desc), take: size + 1 })
  const { page, next } = pageOf<Group>(rows, size, column, (g) => (g as unknown as Record<string, unknown>)[column])
  return {
    data: page.map((g) => (type === LIST ? serializeList(url, g, { fields }) : serializeSegment(url, g, { fields }))),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
  }
}
