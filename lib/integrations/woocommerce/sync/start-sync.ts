// Starting a WooCommerce historical sync (issue 21 §2): one IntegrationSync row per resource, run
// as a chain of page jobs — products first (order lines are filled from the catalog), then
// customers, then orders of the window. The cursor is the next page number; the window is fixed
// when the sync starts (createdAt − sinceDays), so a resumed sync asks for the same records.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { enqueue } from '@/lib/jobs/queue'
import { getConnectionByKey, updateConnection } from '../../connections'

export const WOO_SYNC_PAGE_JOB = 'integrations.woocommerce.sync-page'
export const WOO_SYNC_ATTEMPTS = 8
export const WOO_SYNC_ORDER = ['products', 'customers', 'orders'] as const
export type WooSyncResource = (typeof WOO_SYNC_ORDER)[number]

export const startWooSyncInput = z.object({
  days: z.coerce.number().int().min(1, 'Choose at least 1 day.').max(3650, 'At most 3650 days.'),
})

export interface WooSyncPagePayload {
  companyId: number
  syncId: string
}

export const wooSyncJobKey = (syncId: string, page: string | null) => `woocommerce-sync:${syncId}:${page ?? '1'}`

export async function startWooSync(companyId: number, raw: unknown, now = new Date()) {
  const { days } = startWooSyncInput.parse(raw)
  const conn = await getConnectionByKey(companyId, 'woocommerce')
  if (!conn || conn.status === 'disconnected') throw notFound('Connect a WooCommerce store first.')
  const running = await db.integrationSync.count({
    where: { companyId, integrationId: conn.id, status: { in: ['queued', 'running'] } },
  })
  if (running)
    throw badRequest('A sync is already running.', { days: ['A sync is already running; wait for it to finish.'] })
  const rows = WOO_SYNC_ORDER.map((resource, i) => ({
    id: randomUUID(),
    companyId,
    integrationId: conn.id,
    resource,
    sinceDays: days,
    status: 'queued',
    createdAt: new Date(now.getTime() + i),
  }))
  await db.integrationSync.createMany({ data: rows })
  await updateConnection(companyId, conn.id, { status: 'syncing', settings: { syncDays: days } })
  await enqueue(WOO_SYNC_PAGE_JOB, { companyId, syncId: rows[0]!.id } satisfies WooSyncPagePayload, {
    companyId,
    maxAttempts: WOO_SYNC_ATTEMPTS,
    idempotencyKey: wooSyncJobKey(rows[0]!.id, null),
  })
  return { syncIds: rows.map((r) => r.id) }
}
