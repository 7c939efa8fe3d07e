// The periodic drop-folder scan: a job per company booked at the next slot (idempotent per slot,
// so saving the settings twice or two workers booking never doubles a scan); each run scans and
// books the next. A disabled or removed configuration simply stops booking.
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { db } from '@/lib/db/client'
import { scanDropFolder } from './scan-drop-folder'

export const SFTP_SCAN_JOB = 'integrations.sftp-scan'
export const scanIntervalMs = () => Number(process.env.SFTP_SCAN_INTERVAL_MS) || 5 * 60_000

export async function bookSftpScan(companyId: number, after = queueNow()): Promise<void> {
  const slot = Math.floor(after.getTime() / scanIntervalMs()) + 1
  const runAt = new Date(slot * scanIntervalMs())
  await enqueue(
    SFTP_SCAN_JOB,
    { companyId },
    { companyId, runAt, idempotencyKey: `${SFTP_SCAN_JOB}:${companyId}:${slot}` },
  )
}

export function register(): void {
  registerJobHandler(SFTP_SCAN_JOB, async (_p: unknown, ctx) => {
    if (ctx.companyId == null) return
    const config = await db.sftpImportConfig.findUnique({
      where: { companyId: ctx.companyId },
      select: { enabled: true },
    })
    if (!config?.enabled) return
    try {
      await scanDropFolder(ctx.companyId)
    } finally {
      await bookSftpScan(ctx.companyId)
    }
  })
}
