// Starting a historical sync (issue 21 §1): one IntegrationSync row per resource, run as a chain
// of page jobs — products first (order lines are filled from the catalog), then customers, then
// orders. The window is fixed when the sync starts (createdAt − sinceDays), so a resumed sync
// asks for the same records as the first attempt.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { enqueue } from '@/lib/jobs/queue'
import { getConnectionByKey, updateConnection } from '../../connections'
import { SYNC_ORDER } from './queries'

export const SYNC_PAGE_JOB = 'integrations.shopify.sync-page'
export const SYNC_PAGE_ATTEMPTS = 8

export const startSyncInput = z.object({
  days: z.coerce.number().int().min(1, 'Choose at least 1 day.').max(3650, 'At most 3650 days.'),
})

export interface SyncPagePayload {
  companyId: number
  syncId: string
}

export const enqueueSyncPage = (companyId: number, syncId: string, cursor: string | null) =>
  enqueue(SYNC_PAGE_JOB, { companyId, syncId } satisfies SyncPagePayload, {
    companyId,
    maxAttempts: SYNC_PAGE_ATTEMPTS,
    idempotencyKey: `shopify-sync:${syncId}:${cursor ?? 'start'}`,
  })

export async function startHistoricalSync(companyId: number, raw: unknown, now = new Date()) {
  const { days } = startSyncInput.parse(raw)
  const conn = await getConnectionByKey(companyId, 'shopify')
  if (!conn || conn.status === 'disconnected') throw notFound('Connect a Shopify shop first.')
  const running = await db.integrationSync.count({
    where: { companyId, integrationId: conn.id, status: { in: ['queued', 'running'] } },
  })
  if (running)
    throw badRequest('A sync is already running.', { days: ['A sync is already running; wait for it to finish.'] })
  const rows = SYNC_ORDER.map((resource, i) => ({
    id: randomUUID(),
    companyId,
    integrationId: conn.id,
    resource,
    sinceDays: days,
    status: 'queued',
    // Same window for all three, and createdAt orders them for the screen.
    createdAt: new Date(now.getTime() + i),
  }))
  await db.integrationSync.createMany({ data: rows })
  await updateConnection(companyId, conn.id, { status: 'syncing', settings: { syncDays: days } })
  await enqueueSyncPage(companyId, rows[0]!.id, null)
  return { syncIds: rows.map((r) => r.id) }
}
