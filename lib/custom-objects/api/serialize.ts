// JSON:API resources of the custom objects family.
import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'
import type { ObjectTypeRow } from '../types'

export const DATA_SOURCE_FIELDS = ['title', 'visibility', 'description', 'namespace'] as const
export const OBJECT_TYPE_FIELDS = ['title', 'status', 'namespace', 'created_at', 'updated_at', 'key'] as const
export const OBJECT_SCHEMA_FIELDS = ['title', 'status', 'properties', 'required', 'published_at', 'visibility'] as const
export const OBJECT_RECORD_FIELDS = ['record_properties'] as const

export function serializeDataSource(
  url: URL,
  s: { id: string; title: string; visibility: string; description: string; namespace: string },
  fields: Set<string> | null = null,
) {
  return {
    type: 'data-source',
    id: s.id,
    attributes: pickFields(
      { title: s.title, visibility: s.visibility, description: s.description, namespace: s.namespace },
      fields,
    ),
    links: { self: apiLink(url, `/data-sources/${s.id}/`) },
  }
}

const schemaRef = (url: URL, t: ObjectTypeRow, rel: string) => ({
  data: { type: 'object-schema', id: t.id },
  links: {
    self: apiLink(url, `/object-types/${t.id}/relationships/${rel}/`),
    related: apiLink(url, `/object-types/${t.id}/${rel}/`),
  },
})

export function serializeObjectType(url: URL, t: ObjectTypeRow, fields: Set<string> | null = null) {
  return {
    type: 'object-type',
    id: t.id,
    attributes: pickFields(
      {
        title: t.title,
        description: null,
        status: t.status,
        namespace: t.namespace,
        key: t.key,
        created_at: apiDate(t.createdAt),
        updated_at: apiDate(t.updatedAt),
      },
      fields,
    ),
    relationships: {
      'current-schema': t.status === 'active' ? schemaRef(url, t, 'current-schema') : { data: null },
      'draft-schema': t.status === 'draft' ? schemaRef(url, t, 'draft-schema') : { data: null },
    },
    links: { self: apiLink(url, `/object-types/${t.id}/`) },
  }
}

/** One schema per type: its id is the type's id. */
export function serializeObjectSchema(url: URL, t: ObjectTypeRow, fields: Set<string> | null = null) {
  return {
    type: 'object-schema',
    id: t.id,
    attributes: pickFields(
      {
        title: t.title,
        description: null,
        status: t.status,
        properties: t.fields.map((f) => ({ id: f.id, name: f.name, type: f.type })),
        required: t.required,
        published_at: t.status === 'active' ? apiDate(t.updatedAt) : null,
        visibility: 'private',
      },
      fields,
    ),
    links: { self: apiLink(url, `/object-schemas/${t.id}/`) },
  }
}

export function serializeObjectRecord(
  url: URL,
  r: { id: string; values: string; externalId: string; profileId: string | null },
  fields: Set<string> | null = null,
) {
  return {
    type: 'object-record',
    id: r.id,
    attributes: pickFields({ record_properties: JSON.parse(r.values) as Record<string, unknown> }, fields),
    links: { self: apiLink(url, `/object-records/${r.id}/`) },
  }
}
