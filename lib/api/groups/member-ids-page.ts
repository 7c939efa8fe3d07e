// GET /api/lists/{id}/relationships/profiles and /api/segments/{id}/relationships/profiles: the
// member pages of the group (same filters, sorts and cursors) reduced to resource identifiers.
import { apiNotFound } from '../api-error'
import { listProfilesPage } from '../profiles/list-profiles'
import { findGroupRow } from '@/lib/groups/get-group'
import { LIST } from '@/lib/groups/group-view'

export async function memberIdsPage(companyId: number, url: URL, groupId: string, type: number) {
  const g = await findGroupRow(companyId, groupId)
  if (!g || g.type !== type)
    throw apiNotFound(`A ${type === LIST ? 'list' : 'segment'} with id ${groupId} was not found.`)
  const page = await listProfilesPage(companyId, url, { groupId: g.id })
  return { data: page.data.map((p) => ({ type: 'profile' as const, id: p.id })), links: page.links }
}
