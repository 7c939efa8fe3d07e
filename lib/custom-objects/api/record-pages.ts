// The keyset page of an object type's records (GET …/object-records and its relationships form).
import { apiNotFound, invalidParam } from '@/lib/api/api-error'
import { decodeCursor, encodeCursor, nextLink } from '@/lib/api/cursor'
import { pageSize } from '@/lib/api/query-params'
import { getObjectType } from '../object-types'
import { listObjectRecords } from '../object-records'

export async function recordPage(companyId: number, url: URL, objectTypeId: string) {
  const size = pageSize(url, { def: 20, max: 100 })
  const cursor = decodeCursor(url.searchParams.get('page[cursor]'))
  if (cursor && typeof cursor[1] !== 'string') throw invalidParam('page[cursor]', 'The page cursor is not valid.')
  if (!(await getObjectType(companyId, objectTypeId)))
    throw apiNotFound(`An object type with id ${objectTypeId} was not found.`)
  const rows = await listObjectRecords(companyId, objectTypeId, {
    after: cursor ? String(cursor[1]) : null,
    take: size + 1,
  })
  const page = rows.slice(0, size)
  const next = rows.length > size ? nextLink(url, encodeCursor([null, page[page.length - 1]!.id])) : null
  return { page, links: { self: url.toString(), next, prev: null } }
}
