// The tag route handlers behind a tiny router (in-process, or real HTTP on 127.0.0.1 for the
// official SDK), for the tags*.test.ts files.
import { resetRateLimits } from '@/lib/api/rate-limit'
import * as tags from '@/app/api/tags/route'
import * as tag from '@/app/api/tags/[id]/route'
import * as tagRel from '@/app/api/tags/[id]/relationships/[rel]/route'
import * as tagGroupOfTag from '@/app/api/tags/[id]/tag-group/route'
import * as groups from '@/app/api/tag-groups/route'
import * as group from '@/app/api/tag-groups/[id]/route'
import * as groupTags from '@/app/api/tag-groups/[id]/tags/route'
import * as groupTagsRel from '@/app/api/tag-groups/[id]/relationships/tags/route'
import * as flowTags from '@/app/api/flows/[id]/tags/route'
import * as flowTagsRel from '@/app/api/flows/[id]/relationships/tags/route'
import * as listTags from '@/app/api/lists/[id]/tags/route'
import * as listTagsRel from '@/app/api/lists/[id]/relationships/tags/route'
import * as segmentTags from '@/app/api/segments/[id]/tags/route'
import * as segmentTagsRel from '@/app/api/segments/[id]/relationships/tags/route'
import { routeTable, type RouteModule, type RouteServer } from '../helpers/route-table'

const TABLE: Array<[string, RouteModule]> = [
  ['/api/tags', tags],
  ['/api/tags/:id', tag],
  ['/api/tags/:id/tag-group', tagGroupOfTag],
  ['/api/tags/:id/relationships/:rel', tagRel],
  ['/api/tag-groups', groups],
  ['/api/tag-groups/:id', group],
  ['/api/tag-groups/:id/tags', groupTags],
  ['/api/tag-groups/:id/relationships/tags', groupTagsRel],
  ['/api/flows/:id/tags', flowTags],
  ['/api/flows/:id/relationships/tags', flowTagsRel],
  ['/api/lists/:id/tags', listTags],
  ['/api/lists/:id/relationships/tags', listTagsRel],
  ['/api/segments/:id/tags', segmentTags],
  ['/api/segments/:id/relationships/tags', segmentTagsRel],
]

const table = routeTable(TABLE)

/** One call as an API client sends it (the 3/s tier is reset first: these tests call in bursts). */
export async function tagApi(method: string, path: string, key: string, body?: unknown) {
  resetRateLimits()
  return table.call(method, path, key, body)
}

export const startTagServer = () => table.start()
export type { RouteServer }
