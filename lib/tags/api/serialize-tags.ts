// JSON:API shapes of tags and tag groups (the reference's tag and tag-group resources).
import type { Tag, TagGroup } from '@/generated/prisma/client'
import { apiLink, pickFields, relationshipLinks } from '@/lib/api/json-api'

export const TAG_FIELDS = ['name'] as const
export const TAG_GROUP_FIELDS = ['name', 'exclusive', 'default'] as const

export function serializeTag(url: URL, t: Tag, fields: Set<string> | null = null) {
  return {
    type: 'tag' as const,
    id: t.id,
    attributes: pickFields({ name: t.name }, fields),
    relationships: {
      'tag-group': { data: { type: 'tag-group', id: t.groupId }, ...relationshipLinks(url, 'tags', t.id, 'tag-group') },
      lists: relationshipLinks(url, 'tags', t.id, 'lists'),
      segments: relationshipLinks(url, 'tags', t.id, 'segments'),
      campaigns: relationshipLinks(url, 'tags', t.id, 'campaigns'),
      flows: relationshipLinks(url, 'tags', t.id, 'flows'),
    },
    links: { self: apiLink(url, `/tags/${t.id}/`) },
  }
}

export function serializeTagGroup(url: URL, g: TagGroup, fields: Set<string> | null = null) {
  return {
    type: 'tag-group' as const,
    id: g.id,
    attributes: pickFields({ name: g.name, exclusive: g.exclusive, default: g.isDefault }, fields),
    relationships: { tags: relationshipLinks(url, 'tag-groups', g.id, 'tags') },
    links: { self: apiLink(url, `/tag-groups/${g.id}/`) },
  }
}
