// What the WooCommerce screen shows (GET /ajax/integrations/woocommerce): the connection without
// its credentials, the webhooks registered and the latest historical sync (a row per resource);
// and disconnect (credentials forgotten, running syncs stopped).
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { disconnectConnection, getConnectionByKey } from '../connections'
import { WOO_TOPICS } from './webhooks/topics'

export interface WooSyncProgress {
  resource: string
  status: string
  processed: number
  total: number | null
  error: string | null
}

export interface WooStatus {
  connected: boolean
  connection: null | {
    id: string
    store: string
    status: string
    isTest: boolean
    lastSyncAt: string | null
    lastEventAt: string | null
    lastError: string | null
    webhooksRegistered: number
    webhooksExpected: number
    syncDays: number
  }
  sync: { running: boolean; resources: WooSyncProgress[] }
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

export async function wooStatus(companyId: number): Promise<WooStatus> {
  const conn = await getConnectionByKey(companyId, 'woocommerce')
  if (!conn || conn.status === 'disconnected')
    return { connected: false, connection: null, sync: { running: false, resources: [] } }
  const latest = await db.integrationSync.findMany({
    where: { companyId, integrationId: conn.id },
    orderBy: { createdAt: 'desc' },
    take: 3,
  })
  const resources = latest
    .reverse()
    .map((s) => ({ resource: s.resource, status: s.status, processed: s.processed, total: s.total, error: s.error }))
  return {
    connected: true,
    connection: {
      id: conn.id,
      store: conn.externalKey ?? '',
      status: conn.status,
      isTest: conn.isTest,
      lastSyncAt: iso(conn.lastSyncAt),
      lastEventAt: iso(conn.lastEventAt),
      lastError: conn.lastError,
      webhooksRegistered: conn.webhooks.length,
      webhooksExpected: WOO_TOPICS.length,
      syncDays: Number(conn.settings.syncDays) || 90,
    },
    sync: { running: resources.some((r) => r.status === 'queued' || r.status === 'running'), resources },
  }
}

export async function disconnectWoo(companyId: number): Promise<WooStatus> {
  const conn = await getConnectionByKey(companyId, 'woocommerce')
  if (!conn || conn.status === 'disconnected') throw notFound('No WooCommerce store is connected.')
  await disconnectConnection(companyId, conn.id)
  await db.integrationSync.updateMany({
    where: { companyId, integrationId: conn.id, status: { in: ['queued', 'running'] } },
    data: { status: 'failed', error: 'The store was disconnected.' },
  })
  return wooStatus(companyId)
}
