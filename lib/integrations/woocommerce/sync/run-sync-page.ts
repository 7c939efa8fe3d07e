// One page of a WooCommerce historical sync, as one job: fetch the page numbered by the stored
// cursor (page/per_page, X-WP-Total for the total), ingest it (idempotent: every event is keyed by
// the order or refund id), then in one transaction advance the cursor and processed count and
// queue the next page's job. A crash before that commit leaves the old cursor, so the page is
// fetched and ingested again on retry without a second event; after it, the next job exists.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { PermanentJobError } from '@/lib/jobs/registry'
import { wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { CommerceSkip, ingestCustomer, ingestProduct } from '@/lib/integrations/commerce/ingest'
import type { CommerceContext } from '@/lib/integrations/commerce/types'
import { connectionCredentials, getConnection, updateConnection } from '../../connections'
import { mapWooCustomer, mapWooOrder, mapWooProduct } from '../map-woo'
import { createWooClient, WooApiError, type WooClient } from '../rest-api'
import { fetchVariations, isVariable } from '../fetch-variations'
import { ingestWooOrder } from '../webhooks/ingest-woo-order'
import {
  WOO_SYNC_ATTEMPTS,
  WOO_SYNC_ORDER,
  WOO_SYNC_PAGE_JOB,
  wooSyncJobKey,
  type WooSyncPagePayload,
  type WooSyncResource,
} from './start-sync'

export const WOO_PAGE_SIZE = 100

async function ingestRecord(
  ctx: CommerceContext,
  client: WooClient,
  resource: WooSyncResource,
  raw: unknown,
): Promise<void> {
  try {
    if (resource === 'orders') {
      const order = mapWooOrder(raw)
      if (order) await ingestWooOrder(ctx, order, raw)
    } else if (resource === 'customers') {
      const c = mapWooCustomer(raw)
      if (c) await ingestCustomer(ctx, c)
    } else {
      const p = mapWooProduct(raw)
      if (p)
        await ingestProduct(ctx, isVariable(raw) ? (mapWooProduct(raw, await fetchVariations(client, p.id)) ?? p) : p)
    }
  } catch (e) {
    // A record we cannot use (no email, a refused product) never stops the sync.
    if (!(e instanceof CommerceSkip)) throw e
  }
}

function query(resource: WooSyncResource, page: number, sinceDays: number, startedAt: Date) {
  const q: Record<string, string | number> = {
    page,
    per_page: WOO_PAGE_SIZE,
    orderby: resource === 'orders' ? 'date' : 'id',
    order: 'asc',
  }
  if (resource === 'orders') q.after = new Date(startedAt.getTime() - sinceDays * 86_400_000).toISOString().slice(0, 19)
  if (resource === 'customers') q.role = 'all'
  return q
}

export interface RunWooPageOptions {
  client?: WooClient
  attempt?: number
}

/** Returns whether another page follows. */
export async function runWooSyncPage(p: WooSyncPagePayload, o: RunWooPageOptions = {}): Promise<boolean> {
  const sync = await db.integrationSync.findFirst({ where: { id: p.syncId, companyId: p.companyId } })
  if (!sync || sync.status === 'complete' || sync.status === 'failed') return false
  const conn = await getConnection(p.companyId, sync.integrationId)
  const creds = await connectionCredentials(p.companyId, sync.integrationId)
  if (!conn || conn.status === 'disconnected' || !conn.externalKey || !creds?.consumerKey || !creds.consumerSecret) {
    await db.integrationSync.updateMany({
      where: { id: sync.id, companyId: p.companyId },
      data: { status: 'failed', error: 'The store was disconnected.', finishedAt: new Date() },
    })
    return false
  }
  const resource = sync.resource as WooSyncResource
  // The store's WordPress root (a sub-folder install keeps its folder); the origin otherwise.
  const root =
    typeof conn.settings.storeUrl === 'string' && conn.settings.storeUrl ? conn.settings.storeUrl : conn.externalKey
  const client =
    o.client ?? createWooClient({ store: root, consumerKey: creds.consumerKey, consumerSecret: creds.consumerSecret })
  if (sync.status === 'queued')
    await db.integrationSync.updateMany({
      where: { id: sync.id, companyId: p.companyId },
      data: { status: 'running', startedAt: new Date() },
    })

  const pageNo = Math.max(1, Number(sync.cursor) || 1)
  let page
  try {
    page = await client.page<unknown>(`/${resource}`, query(resource, pageNo, sync.sinceDays, sync.createdAt))
  } catch (e) {
    const permanent = e instanceof WooApiError && e.kind === 'unauthorized'
    if (permanent || (o.attempt ?? 1) >= WOO_SYNC_ATTEMPTS) {
      const message = e instanceof Error ? e.message : String(e)
      await db.integrationSync.updateMany({
        where: { id: sync.id, companyId: p.companyId },
        data: { status: 'failed', error: message, finishedAt: new Date() },
      })
      await updateConnection(p.companyId, conn.id, {
        status: 'error',
        lastError: `Historical sync of ${resource} failed: ${message}`,
      })
      if (permanent) throw new PermanentJobError(message)
    }
    throw e
  }

  const ctx: CommerceContext = {
    companyId: p.companyId,
    provider: 'woocommerce',
    integrationId: conn.id,
    storeUrl: conn.externalKey,
  }
  for (const record of page.items) await ingestRecord(ctx, client, resource, record)

  const more =
    page.items.length > 0 && (page.totalPages != null ? pageNo < page.totalPages : page.items.length >= WOO_PAGE_SIZE)
  const processed = sync.processed + page.items.length
  const now = new Date()
  const nextSync = more
    ? null
    : await db.integrationSync.findFirst({
        where: {
          companyId: p.companyId,
          integrationId: conn.id,
          status: 'queued',
          resource: WOO_SYNC_ORDER[WOO_SYNC_ORDER.indexOf(resource) + 1] ?? '-',
        },
        orderBy: { createdAt: 'desc' },
      })
  // PostgreSQL: the queue's schema must exist before a transaction enqueues into it.
  await prepareEnqueueInTransaction()
  const nextPage = String(pageNo + 1)
  const advanced = await inWriteTx(function* () {
    const changed = yield* exec(
      kysely()
        .updateTable('IntegrationSync')
        .set({
          cursor: more ? nextPage : String(pageNo),
          processed,
          total: page.total ?? processed,
          updatedAt: dbDate(now) as never,
          ...(more ? {} : { status: 'complete', finishedAt: dbDate(now) as never, total: processed }),
        })
        // Only from the page this run read: a duplicate run of the same page changes nothing.
        .where('id', '=', sync.id)
        .where('companyId', '=', p.companyId)
        .where('processed', '=', sync.processed),
    )
    if (!changed) return false
    const next = more ? { syncId: sync.id, page: nextPage } : nextSync ? { syncId: nextSync.id, page: null } : null
    if (next) {
      yield* enqueueJobOps(
        WOO_SYNC_PAGE_JOB,
        { companyId: p.companyId, syncId: next.syncId } satisfies WooSyncPagePayload,
        {
          companyId: p.companyId,
          maxAttempts: WOO_SYNC_ATTEMPTS,
          idempotencyKey: wooSyncJobKey(next.syncId, next.page),
        },
        now,
      )
    }
    return true
  })
  if (advanced) wakeWorkers(WOO_SYNC_PAGE_JOB)
  if (advanced && !more && !nextSync)
    await updateConnection(p.companyId, conn.id, { status: 'connected', lastSyncAt: now, lastError: null })
  return more
}
