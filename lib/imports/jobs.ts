// Handlers of 'profiles.bulk-import' and 'lists.csv-import'.
// Idempotent: rows are profile upserts and unique (list, profile) memberships, and progress
// is committed with each chunk, so a re-run after a crash resumes where the last one stopped
// and a re-run of a finished job does nothing.
import { PermanentJobError, registerJobHandler, type JobContext } from '@/lib/jobs/queue'
import { BULK_IMPORT_JOB, CSV_IMPORT_JOB, type ImportJobPayload } from './import-types'
import { processBulkImport, processCsvImport } from './process-imports'
import { loadImport, markImportFailed, type ImportState } from './run-import'

async function load(payload: ImportJobPayload, ctx: JobContext): Promise<ImportState> {
  // The company comes from the job row and must match the payload: never cross tenants.
  if (!payload || payload.companyId !== ctx.companyId)
    throw new PermanentJobError('Import payload does not match the job company.')
  const state = await loadImport(payload.companyId, payload.importJobId)
  if (!state) throw new PermanentJobError(`Import job ${payload.importJobId} not found.`)
  return state
}

async function guarded(payload: ImportJobPayload, ctx: JobContext, run: (s: ImportState) => Promise<void>) {
  const state = await load(payload, ctx)
  try {
    await run(state)
  } catch (e) {
    const status = (e as { status?: number })?.status
    if (typeof status === 'number' && status >= 400 && status < 500)
      await markImportFailed(state.companyId, state.id, (e as Error).message)
    throw e
  }
}

export function register(): void {
  registerJobHandler(BULK_IMPORT_JOB, (p: ImportJobPayload, ctx) => guarded(p, ctx, processBulkImport))
  registerJobHandler(CSV_IMPORT_JOB, (p: ImportJobPayload, ctx) => guarded(p, ctx, processCsvImport))
}
