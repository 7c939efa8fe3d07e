// The worker side of CSV event uploads. The company comes from the job row and must match the
// payload; a finished import is never run twice (runEventImport skips it).
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { CSV_EVENTS_JOB } from './create-upload-import'
import { runEventImport } from './run-event-import'

interface Payload {
  companyId: number
  importId: string
  csv: string
}

export function register(): void {
  registerJobHandler(CSV_EVENTS_JOB, async (p: Payload, ctx) => {
    if (!p || p.companyId !== ctx.companyId)
      throw new PermanentJobError('Import payload does not match the job company.')
    await runEventImport(p.companyId, p.importId, p.csv)
  })
}
