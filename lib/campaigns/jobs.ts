// The campaign engine's jobs: start (fix the recipient list), release (batches of due recipients
// → Sends), ab-winner (the end of the test window), estimate (recipient count and reasons).
import { inWriteTx } from '@/lib/db/ops'
import { registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { wakeWorkers } from '@/lib/jobs/queue'
import { DELIVER_JOB, prepareSendQueue } from '@/lib/messaging/create-sends'
import { AB_WINNER_JOB, ESTIMATE_JOB, RELEASE_JOB, START_JOB } from './send/model'
import { startCampaignOps } from './send/start'
import { runRelease, type ReleasePayload } from './send/release'
import { settleCampaignAbTest } from './ab-test'
import { runEstimation } from './estimate'
import type { StartPayload } from './lifecycle'

export async function runStart(p: StartPayload, now: Date = queueNow()) {
  await prepareSendQueue()
  const r = await inWriteTx(() => startCampaignOps(p.companyId, p.campaignId, p.key, now))
  if (r.started) wakeWorkers(RELEASE_JOB)
  return r
}

export function register(): void {
  registerJobHandler(START_JOB, async (p: StartPayload) => {
    const r = await runStart(p)
    // Release at once in the same job when recipients are due now (saves a queue round trip).
    if (r.started) await runRelease(p.companyId, p.campaignId, queueNow())
  })
  registerJobHandler(RELEASE_JOB, async (p: ReleasePayload) => {
    await prepareSendQueue()
    const r = await runRelease(p.companyId, p.campaignId, queueNow())
    if (r.released) wakeWorkers(DELIVER_JOB)
  })
  registerJobHandler(AB_WINNER_JOB, async (p: { companyId: number; campaignId: string }) => {
    await prepareSendQueue()
    await settleCampaignAbTest(p.companyId, p.campaignId, queueNow())
  })
  registerJobHandler(ESTIMATE_JOB, async (p: { companyId: number; campaignId: string; requestedAt?: string }) => {
    await runEstimation(p.companyId, p.campaignId, p.requestedAt, queueNow())
  })
}
