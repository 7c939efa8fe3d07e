// The lists' background work: large member exports ('lists.export', queued by
// export-list-members.ts). Registered by lib/server/job-handlers.ts beside the segment engine's
// jobs, which no longer carry it (lib/segments must not import lib/groups: issue 30, the folder
// import cycle).
import { registerJobHandler, PermanentJobError } from '@/lib/jobs/queue'
import { buildListExport } from './export-list-members'

export function register(): void {
  // Idempotent: the download row is rewritten whole on every run.
  registerJobHandler(
    'lists.export',
    async (payload: { downloadId?: number; groupId?: string; columns?: string[] }, ctx) => {
      if (!payload?.downloadId || !payload.groupId || ctx.companyId == null)
        throw new PermanentJobError('lists.export needs a downloadId and a groupId')
      await buildListExport(ctx.companyId, payload.downloadId, payload.groupId, payload.columns)
    },
  )
}
