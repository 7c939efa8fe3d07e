// The catalog reactions' jobs (K2): 'catalog.changes' (lib/catalog/store/ enqueues it with each
// recorded price or inventory change), 'catalog.bis-release' (back-in-stock batches), the feed
// syncs and the scheduled reports. Each is idempotent: changes are claimed by processedAt,
// subscriptions by notifiedAt, syncs by their row, report mails by their period key.
import { registerJobHandler, PermanentJobError } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { CATALOG_CHANGES_JOB } from './store/types'
import { processCatalogChanges } from './changes'
import { BIS_RELEASE_JOB, runRelease, type ReleasePayload } from './back-in-stock/release'
import { SOURCE_SYNC_JOB, runScheduledSync, runSync } from './sources/sync'
import { SCHEDULED_REPORTS_JOB, sendDueReports } from './reports/scheduled-reports'

export function register(): void {
  registerJobHandler(CATALOG_CHANGES_JOB, async (payload: { companyId?: number }) => {
    // All pending changes of the company (several writes may have queued one job each).
    for (;;) {
      const r = await processCatalogChanges({ now: queueNow, companyId: payload?.companyId, limit: 500 })
      if (r.processed < 500) break
    }
  })
  registerJobHandler(BIS_RELEASE_JOB, async (payload: ReleasePayload) => {
    if (!payload?.companyId || !payload.variantId)
      throw new PermanentJobError('catalog.bis-release needs companyId and variantId')
    await runRelease(payload, queueNow())
  })
  registerJobHandler(
    SOURCE_SYNC_JOB,
    async (payload: { companyId?: number; syncId?: string; sourceId?: string; scheduled?: boolean }) => {
      if (!payload?.companyId) throw new PermanentJobError('catalog.source-sync needs companyId')
      if (payload.syncId) await runSync(payload.companyId, payload.syncId, { now: queueNow })
      else if (payload.sourceId) await runScheduledSync(payload.companyId, payload.sourceId, queueNow())
    },
  )
  registerJobHandler(SCHEDULED_REPORTS_JOB, async () => {
    await sendDueReports(queueNow())
  })
}
