// POST /api/profile-bulk-import-jobs: stores the profiles in an ImportJob (kind api_bulk) and
// queues 'profiles.bulk-import'; the job reports completed and failed counts and per-row
// errors (line = 1-based position in the request's profiles).
import type { ImportJob } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'
import { assertProfilesExist } from '@/lib/events/check-profile-refs'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { enqueue } from '@/lib/jobs/queue'
import type { ProfileInput } from '@/lib/profiles/types'
import { BULK_IMPORT_JOB, MAX_BULK_PROFILES } from './import-types'

export async function createProfileBulkImport(
  companyId: number,
  input: { profiles: Array<ProfileInput & { id?: string }>; listIds?: string[] },
): Promise<ImportJob> {
  const profiles = input.profiles ?? []
  if (!Array.isArray(profiles) || !profiles.length)
    throw badRequest('No profiles given.', { profiles: ['At least one profile is required.'] })
  if (profiles.length > MAX_BULK_PROFILES) {
    throw badRequest(`At most ${MAX_BULK_PROFILES} profiles per job.`, {
      profiles: [`At most ${MAX_BULK_PROFILES} profiles per job.`],
    })
  }
  // A profile named by id must be one of this company's: the job could only fail that row.
  await assertProfilesExist(
    companyId,
    profiles.map((p, i) => [`profiles.${i}.id`, p?.id] as const),
  )
  const listIds = [...new Set(input.listIds ?? [])]
  if (listIds.length) {
    const found = await db.group.findMany({
      where: { companyId, id: { in: listIds }, type: 0, deletedAt: null },
      select: { id: true },
    })
    if (found.length !== listIds.length) throw notFound('List not found.')
  }
  const job = await db.importJob.create({
    data: {
      id: ulid(),
      companyId,
      kind: 'api_bulk',
      status: 'queued',
      totalCount: profiles.length,
      listIds: JSON.stringify(listIds),
      input: JSON.stringify(profiles),
    },
  })
  try {
    await enqueue(
      BULK_IMPORT_JOB,
      { companyId, importJobId: job.id },
      { companyId, idempotencyKey: `import:${job.id}` },
    )
  } catch (e) {
    // No job, no import: never leave a row that says "queued" forever.
    await db.importJob.delete({ where: { id: job.id } }).catch(() => {})
    throw e
  }
  return job
}
