// A profile bulk import job as the reference's JSON:API resource.
import type { ImportJob } from '@/generated/prisma/client'
import { apiDate, apiLink, pickFields } from './json-api'

export const IMPORT_JOB_FIELDS = [
  'status',
  'created_at',
  'total_count',
  'completed_count',
  'failed_count',
  'completed_at',
  'expires_at',
  'started_at',
  'id',
] as const

export function serializeImportJob(url: URL, j: ImportJob, fields: Set<string> | null = null) {
  let listIds: string[] = []
  try {
    listIds = JSON.parse(j.listIds) as string[]
  } catch {
    listIds = []
  }
  // The vendor's statuses are queued, processing, complete and cancelled; a job that failed
  // as a whole is reported complete with its failed_count.
  const status = j.status === 'failed' ? 'complete' : j.status
  const base = `/profile-bulk-import-jobs/${j.id}`
  return {
    type: 'profile-bulk-import-job' as const,
    id: j.id,
    attributes: pickFields(
      {
        status,
        created_at: apiDate(j.createdAt),
        total_count: j.totalCount,
        completed_count: j.completedCount,
        failed_count: j.failedCount,
        completed_at: apiDate(j.completedAt),
        expires_at: apiDate(j.expiresAt),
        started_at: apiDate(j.startedAt),
      },
      fields,
    ),
    relationships: {
      lists: {
        data: listIds.map((id) => ({ type: 'list', id })),
        links: { self: apiLink(url, `${base}/relationships/lists/`), related: apiLink(url, `${base}/lists/`) },
      },
      profiles: {
        links: { self: apiLink(url, `${base}/relationships/profiles/`), related: apiLink(url, `${base}/profiles/`) },
      },
      'import-errors': { links: { related: apiLink(url, `${base}/import-errors/`) } },
    },
    links: { self: apiLink(url, `${base}/`) },
  }
}
