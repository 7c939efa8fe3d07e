// What the Shopify screen shows (GET /ajax/integrations/shopify): the connection without its
// credentials, the webhooks registered, and the latest historical sync (one row per resource).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { connectionCredentials, disconnectConnection, getConnectionByKey, updateConnection } from '../connections'
import { checkShopToken } from './connect'
import { SHOPIFY_TOPICS } from './webhooks/topics'

export interface SyncProgress {
  resource: string
  status: string
  processed: number
  total: number | null
  error: string | null
  startedAt: string | null
  finishedAt: string | null
}

export interface ShopifyStatus {
  connected: boolean
  connection: null | {
    id: string
    shop: string
    shopName: string | null
    status: string
    isTest: boolean
    lastSyncAt: string | null
    lastEventAt: string | null
    lastError: string | null
    lastErrorAt: string | null
    webhooksRegistered: number
    webhooksExpected: number
    settings: { writeBackConsent: boolean; pushCoupons: boolean; syncDays: number }
  }
  sync: { running: boolean; resources: SyncProgress[] }
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

export async function shopifyStatus(companyId: number): Promise<ShopifyStatus> {
  const conn = await getConnectionByKey(companyId, 'shopify')
  if (!conn || conn.status === 'disconnected')
    return { connected: false, connection: null, sync: { running: false, resources: [] } }
  const latest = await db.integrationSync.findMany({
    where: { companyId, integrationId: conn.id },
    orderBy: { createdAt: 'desc' },
    take: 3,
  })
  const resources = latest.reverse().map((s) => ({
    resource: s.resource,
    status: s.status,
    processed: s.processed,
    total: s.total,
    error: s.error,
    startedAt: iso(s.startedAt),
    finishedAt: iso(s.finishedAt),
  }))
  return {
    connected: true,
    connection: {
      id: conn.id,
      shop: conn.externalKey ?? '',
      shopName: typeof conn.settings.shopName === 'string' ? conn.settings.shopName : null,
      status: conn.status,
      isTest: conn.isTest,
      lastSyncAt: iso(conn.lastSyncAt),
      lastEventAt: iso(conn.lastEventAt),
      lastError: conn.lastError,
      lastErrorAt: iso(conn.lastErrorAt),
      webhooksRegistered: conn.webhooks.length,
      webhooksExpected: SHOPIFY_TOPICS.length,
      settings: {
        writeBackConsent: conn.settings.writeBackConsent !== false,
        pushCoupons: conn.settings.pushCoupons !== false,
        syncDays: Number(conn.settings.syncDays) || 90,
      },
    },
    sync: { running: resources.some((r) => r.status === 'queued' || r.status === 'running'), resources },
  }
}

async function connectionOrThrow(companyId: number) {
  const conn = await getConnectionByKey(companyId, 'shopify')
  if (!conn || conn.status === 'disconnected') throw notFound('No Shopify shop is connected.')
  return conn
}

/** The "test connection" button: the stored token checked against the shop now. */
export async function testShopifyConnection(companyId: number): Promise<{ ok: boolean; message: string }> {
  const conn = await connectionOrThrow(companyId)
  const creds = await connectionCredentials(companyId, conn.id)
  try {
    const shop = await checkShopToken(conn.externalKey!, creds?.accessToken ?? '')
    if (conn.status === 'error') await updateConnection(companyId, conn.id, { status: 'connected', lastError: null })
    return { ok: true, message: shop.name }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    await updateConnection(companyId, conn.id, { status: 'error', lastError: message })
    return { ok: false, message }
  }
}

export const shopifySettingsInput = z
  .object({ writeBackConsent: z.boolean().optional(), pushCoupons: z.boolean().optional() })
  .strict()

export async function updateShopifySettings(companyId: number, raw: unknown) {
  const input = shopifySettingsInput.parse(raw)
  if (!Object.keys(input).length)
    throw badRequest('Nothing to change.', { _: ['Send writeBackConsent or pushCoupons.'] })
  const conn = await connectionOrThrow(companyId)
  await updateConnection(companyId, conn.id, { settings: input })
  return shopifyStatus(companyId)
}

export async function disconnectShopify(companyId: number) {
  const conn = await connectionOrThrow(companyId)
  await disconnectConnection(companyId, conn.id)
  await db.integrationSync.updateMany({
    where: { companyId, integrationId: conn.id, status: { in: ['queued', 'running'] } },
    data: { status: 'failed', error: 'The shop was disconnected.' },
  })
  return shopifyStatus(companyId)
}
