import { apiDate, apiLink, pickFields } from '@/lib/api/json-api'

export const BULK_JOB_FIELDS = [
  'status',
  'created_at',
  'total_count',
  'completed_count',
  'failed_count',
  'completed_at',
  'errors',
  'expires_at',
] as const

export interface BulkJobRow {
  id: string
  status: string
  totalCount: number
  completedCount: number
  failedCount: number
  errors: string
  codeIds: string
  createdAt: Date
  completedAt: Date | null
  expiresAt: Date | null
}

export function serializeBulkJob(
  url: URL,
  j: BulkJobRow,
  fields: Set<string> | null = null,
  codeApiIds: string[] = [],
) {
  return {
    type: 'coupon-code-bulk-create-job' as const,
    id: j.id,
    attributes: pickFields(
      {
        status: j.status,
        created_at: apiDate(j.createdAt),
        total_count: j.totalCount,
        completed_count: j.completedCount,
        failed_count: j.failedCount,
        completed_at: apiDate(j.completedAt),
        errors: JSON.parse(j.errors) as unknown[],
        expires_at: apiDate(j.expiresAt),
      },
      fields,
    ),
    relationships: {
      'coupon-codes': {
        data: codeApiIds.map((id) => ({ type: 'coupon-code', id })),
        links: {
          self: apiLink(url, `/coupon-code-bulk-create-jobs/${j.id}/relationships/coupon-codes/`),
          related: apiLink(url, `/coupon-code-bulk-create-jobs/${j.id}/coupon-codes/`),
        },
      },
    },
    links: { self: apiLink(url, `/coupon-code-bulk-create-jobs/${j.id}/`) },
  }
}
