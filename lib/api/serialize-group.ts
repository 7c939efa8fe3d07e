// Lists and segments as the reference's JSON:API resources.
import type { Group } from '@/generated/prisma/client'
import type { SegmentDefinition } from '@/lib/segments/definition'
import { definitionToConditionGroups } from './segments/definition-to-condition-groups'
import { apiDate, apiLink, pickFields, relationshipLinks } from './json-api'

export const LIST_FIELDS = ['name', 'created', 'updated', 'opt_in_process', 'profile_count', 'id'] as const
export const SEGMENT_FIELDS = [
  'name',
  'definition',
  'definition.condition_groups',
  'created',
  'updated',
  'is_active',
  'is_processing',
  'is_starred',
  'profile_count',
  'id',
] as const

export function serializeList(url: URL, g: Group, opts: { fields?: Set<string> | null; profileCount?: boolean } = {}) {
  const attributes: Record<string, unknown> = {
    name: g.name,
    created: apiDate(g.createdAt),
    updated: apiDate(g.updatedAt),
    opt_in_process: g.optInProcess,
  }
  if (opts.profileCount) attributes.profile_count = g.memberCount
  return {
    type: 'list' as const,
    id: g.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    relationships: {
      profiles: relationshipLinks(url, 'lists', g.id, 'profiles'),
      tags: relationshipLinks(url, 'lists', g.id, 'tags'),
    },
    links: { self: apiLink(url, `/lists/${g.id}/`) },
  }
}

export function serializeSegment(
  url: URL,
  g: Group,
  opts: { fields?: Set<string> | null; profileCount?: boolean } = {},
) {
  let def: SegmentDefinition | null = null
  try {
    def = g.definition ? (JSON.parse(g.definition) as SegmentDefinition) : null
  } catch {
    def = null
  }
  const attributes: Record<string, unknown> = {
    name: g.name,
    definition: definitionToConditionGroups(def),
    created: apiDate(g.createdAt),
    updated: apiDate(g.updatedAt),
    is_active: g.isActive,
    is_processing: g.isProcessing,
    is_starred: g.isStarred,
  }
  if (opts.profileCount) attributes.profile_count = g.memberCount
  return {
    type: 'segment' as const,
    id: g.id,
    attributes: pickFields(attributes, opts.fields ?? null),
    relationships: {
      profiles: relationshipLinks(url, 'segments', g.id, 'profiles'),
      tags: relationshipLinks(url, 'segments', g.id, 'tags'),
    },
    links: { self: apiLink(url, `/segments/${g.id}/`) },
  }
}
