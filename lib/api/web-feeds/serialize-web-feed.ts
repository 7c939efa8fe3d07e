// The JSON:API shape of a web feed (/api/web-feeds and /api/web-feeds/{id}).
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'

export const WEB_FEED_FIELDS = [
  'name',
  'url',
  'request_method',
  'content_type',
  'created',
  'updated',
  'status',
] as const

export function serializeWebFeed(
  url: URL,
  f: {
    id: string
    name: string
    url: string
    requestMethod: string
    contentType: string
    status: string
    createdAt: Date
    updatedAt: Date
  },
  fields: Set<string> | null = null,
) {
  return {
    type: 'web-feed' as const,
    id: f.id,
    attributes: pickFields(
      {
        name: f.name,
        url: f.url,
        request_method: f.requestMethod,
        content_type: f.contentType,
        created: apiDate(f.createdAt),
        updated: apiDate(f.updatedAt),
        status: f.status,
      },
      fields,
    ),
    links: { self: apiLink(url, `/web-feeds/${f.id}/`) },
  }
}
