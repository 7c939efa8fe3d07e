// The smaller read-outs of an object type on /api: its one schema as a version list, its source
// mapping (same id as the type), its profile link as a relationship, and its ingestion logs (the
// refused records of its data source's jobs).
import { apiNotFound } from '@/lib/api/api-error'
import { apiDate, apiLink } from '@/lib/api/json-api'
import { db } from '@/lib/db/client'
import { getObjectType } from '../object-types'
import type { ObjectTypeRow } from '../types'

export async function typeOr404(companyId: number, id: string, what = 'An object type'): Promise<ObjectTypeRow> {
  const t = await getObjectType(companyId, id)
  if (!t) throw apiNotFound(`${what} with id ${id} was not found.`)
  return t
}

export function serializeSourceMapping(url: URL, t: ObjectTypeRow) {
  const property_mappings = t.dataSourceId
    ? t.fields.map((f) => ({
        id: f.id,
        type: 'simple',
        source: { source_id: t.dataSourceId, id_path: t.idPath, data_path: f.path || f.name },
      }))
    : []
  const relationship_mappings =
    t.dataSourceId && t.profileIdType && t.profilePath
      ? [
          {
            relationship_id: 'profile',
            type: 'simple',
            source: {
              source_id: t.dataSourceId,
              type: 'profile',
              id_path: t.idPath,
              related_id_paths: [{ identifier_type: t.profileIdType, path: t.profilePath }],
              update_strategy: 'replace_from_origin',
            },
          },
        ]
      : []
  return {
    type: 'source-mapping',
    id: t.id,
    attributes: { property_mappings, relationship_mappings },
    links: { self: apiLink(url, `/source-mappings/${t.id}/`) },
  }
}

/** The profile link as the reference names it: one profile-object-type when the type links to profiles. */
export const profileLinkIds = (t: ObjectTypeRow, type: 'profile-object-type' | 'profile-object-schema') =>
  t.profileIdType ? [{ type, id: 'profile' }] : []

/** One log entry per refused record of the jobs of the type's data source, newest first. */
export async function ingestionLogs(url: URL, t: ObjectTypeRow, take: number) {
  if (!t.dataSourceId) return []
  const jobs = await db.dataSourceRecordJob.findMany({
    where: { companyId: t.companyId, dataSourceId: t.dataSourceId, failedCount: { gt: 0 } },
    orderBy: { id: 'desc' },
    take: 20,
  })
  const out: Array<Record<string, unknown>> = []
  for (const j of jobs) {
    const errors = JSON.parse(j.errors) as Array<{ detail: string }>
    errors.forEach((e, i) =>
      out.push({
        type: 'object-ingestion-log',
        id: `${j.id}-${i}`,
        attributes: {
          status: 'error',
          event_type: 'validation_error',
          timestamp: apiDate(j.completedAt ?? j.createdAt),
          summary: e.detail,
          errors: [],
        },
        relationships: { 'object-type': { data: { type: 'object-type', id: t.id } } },
        links: { self: apiLink(url, `/object-types/${t.id}/object-ingestion-logs/`) },
      }),
    )
  }
  return out.slice(0, take)
}
