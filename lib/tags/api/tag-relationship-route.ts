// /api/tags/{id}/relationships/{flows|campaigns|lists|segments|tag-group} and the reverse
// /api/{flows|campaigns|lists|segments}/{id}/tags and …/relationships/tags.
import { apiRoute, requireScopes } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import type { ApiScope } from '@/lib/api-keys/scopes'
import { readJsonBody } from '@/lib/api/read-json-body'
import { getTagOrThrow } from '../tags'
import { linkTag, linkedResourceIds, tagsOfResource, unlinkTag, type Taggable } from '../tag-links'
import { tagLinkBody } from './tag-bodies'
import { serializeTag } from './serialize-tags'

const REL: Record<string, Taggable> = { flows: 'flow', campaigns: 'campaign', lists: 'list', segments: 'segment' }
const scope = (rel: string, level: 'read' | 'write') => `${rel}:${level}` as ApiScope

function relOf(raw: string | undefined): { rel: string; type: Taggable } {
  const type = REL[raw ?? '']
  if (!type) throw apiNotFound(`There is no relationship "${raw}" on a tag.`)
  return { rel: raw!, type }
}

/** GET /api/tags/{id}/relationships/{rel} */
export const getTagRelationship = apiRoute({
  scopes: ['tags:read'],
  rate: 'S',
  handler: async ({ ctx, params }) => {
    if (params.rel === 'tag-group') {
      const tag = await getTagOrThrow(ctx.companyId, params.id!)
      return { data: { type: 'tag-group', id: tag.groupId }, links: { self: ctx.url.toString() } }
    }
    const { rel, type } = relOf(params.rel)
    requireScopes(ctx, [scope(rel, 'read')], `Reading a tag's ${rel}`)
    const ids = await linkedResourceIds(ctx.companyId, params.id!, type)
    return { data: ids.map((id) => ({ type, id })), links: { self: ctx.url.toString() } }
  },
})

function changeHandler(op: 'link' | 'unlink') {
  return apiRoute({
    scopes: ['tags:write'],
    rate: 'S',
    status: 204,
    handler: async ({ ctx, params }) => {
      const { rel, type } = relOf(params.rel)
      requireScopes(ctx, [scope(rel, 'write')], `Changing a tag's ${rel}`)
      const body = tagLinkBody(type).parse(await readJsonBody(ctx.req, 1024 * 1024))
      const ids = body.data.map((d) => d.id)
      if (op === 'link') await linkTag(ctx.companyId, params.id!, type, ids)
      else await unlinkTag(ctx.companyId, params.id!, type, ids)
    },
  })
}

/** POST /api/tags/{id}/relationships/{rel} (204) */
export const postTagRelationship = changeHandler('link')
/** DELETE /api/tags/{id}/relationships/{rel} (204) */
export const deleteTagRelationship = changeHandler('unlink')

/** GET /api/{resource}/{id}/tags (full tags) or …/relationships/tags (identifiers). */
export function resourceTagsRoute(rel: 'flows' | 'campaigns' | 'lists' | 'segments', shape: 'tags' | 'ids') {
  return apiRoute({
    scopes: [scope(rel, 'read'), 'tags:read'],
    rate: 'S',
    handler: async ({ ctx, params }) => {
      const tags = await tagsOfResource(ctx.companyId, REL[rel]!, params.id!)
      return shape === 'ids'
        ? { data: tags.map((t) => ({ type: 'tag', id: t.id })), links: { self: ctx.url.toString() } }
        : { data: tags.map((t) => serializeTag(ctx.url, t)), links: { self: ctx.url.toString() } }
    },
  })
}
