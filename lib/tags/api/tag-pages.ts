// GET /api/tags and GET /api/tag-groups: the reference's name filters, sorts and cursor pages.
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { invalidParam } from '@/lib/api/api-error'
import { filterParam, pageSize, sortParam, sparseFields, stringValues } from '@/lib/api/query-params'
import type { Tag, TagGroup } from '@/generated/prisma/client'
import { listTagGroups } from '../tag-groups'
import { listTags } from '../tags'
import { serializeTag, serializeTagGroup, TAG_FIELDS, TAG_GROUP_FIELDS } from './serialize-tags'

const NAME_OPS = ['contains', 'ends-with', 'equals', 'starts-with'] as const

function nameTest(op: string, value: string) {
  const v = value.toLowerCase()
  return (n: string) => {
    const s = n.toLowerCase()
    return op === 'equals'
      ? s === v
      : op === 'contains'
        ? s.includes(v)
        : op === 'starts-with'
          ? s.startsWith(v)
          : s.endsWith(v)
  }
}

/** Offset-free cursor over an in-memory, sorted list (an account holds ≤ 500 tags, ≤ 50 groups). */
function page<T extends { id: string; name: string }>(url: URL, rows: T[], size: number) {
  const cursor = decodeCursor(url.searchParams.get('page[cursor]'))
  let start = 0
  if (cursor) {
    const i = rows.findIndex((r) => r.id === cursor[1])
    if (i < 0) throw invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
    start = i + 1
  }
  const slice = rows.slice(start, start + size)
  const more = start + size < rows.length
  return { slice, next: more && slice.length ? nextLink(url, encodeCursor([null, slice[slice.length - 1]!.id])) : null }
}

function sorted<T extends { id: string; name: string }>(rows: T[], sort: { field: string; desc: boolean }) {
  const out = [...rows].sort((a, b) =>
    sort.field === 'name' ? a.name.localeCompare(b.name) || a.id.localeCompare(b.id) : a.id.localeCompare(b.id),
  )
  return sort.desc ? out.reverse() : out
}

export async function tagsPage(companyId: number, url: URL) {
  const size = pageSize(url, { def: 50, max: 50 })
  const fields = sparseFields(url, 'tag', TAG_FIELDS)
  const sort = sortParam(url, ['id', '-id', 'name', '-name'] as const, 'id')
  let rows: Tag[] = await listTags(companyId)
  for (const c of filterParam(url, { name: NAME_OPS })) {
    const [v] = stringValues(c.value, c.field)
    const test = nameTest(c.op, v!)
    rows = rows.filter((t) => test(t.name))
  }
  const { slice, next } = page(url, sorted(rows, sort), size)
  return { data: slice.map((t) => serializeTag(url, t, fields)), links: { self: url.toString(), next, prev: null } }
}

export async function tagGroupsPage(companyId: number, url: URL) {
  const size = pageSize(url, { def: 25, max: 25 })
  const fields = sparseFields(url, 'tag-group', TAG_GROUP_FIELDS)
  const sort = sortParam(url, ['id', '-id', 'name', '-name'] as const, 'id')
  let rows: TagGroup[] = await listTagGroups(companyId)
  for (const c of filterParam(url, { name: NAME_OPS, exclusive: ['equals'], default: ['equals'] })) {
    if (c.field === 'name') {
      const [v] = stringValues(c.value, c.field)
      const test = nameTest(c.op, v!)
      rows = rows.filter((g) => test(g.name))
    } else {
      if (typeof c.value !== 'boolean')
        throw invalidParam('filter', `The value for "${c.field}" must be true or false.`)
      rows = rows.filter((g) => (c.field === 'exclusive' ? g.exclusive : g.isDefault) === c.value)
    }
  }
  const { slice, next } = page(url, sorted(rows, sort), size)
  return {
    data: slice.map((g) => serializeTagGroup(url, g, fields)),
    links: { self: url.toString(), next, prev: null },
  }
}
