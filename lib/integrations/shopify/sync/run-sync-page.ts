// One page of a historical sync, as one job: fetch the page after the stored cursor, ingest it
// (the commerce ingest is idempotent: an order carries its id as $event_id), then, in one
// transaction, advance the cursor and the processed count and queue the next page's job. A crash
// anywhere before that commit leaves the old cursor and count, so the page is fetched and ingested
// again on retry without a second event and the totals stay exact; after it, the next job exists.
// Throttling is the client's business (it waits for the bucket), so a page job never fails for it.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import { PermanentJobError } from '@/lib/jobs/registry'
import { wakeWorkers } from '@/lib/jobs/queue'
import { prepareEnqueueInTransaction } from '@/lib/jobs/prepare-enqueue-in-transaction'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { CommerceSkip, ingestCustomer, ingestPlacedOrders, ingestProduct } from '@/lib/integrations/commerce/ingest'
import type { CommerceContext } from '@/lib/integrations/commerce/types'
import { connectionCredentials, getConnection, updateConnection } from '../../connections'
import { createShopifyClient, ShopifyApiError, type ShopifyClient } from '../admin-api'
import {
  mapGqlCustomer,
  mapGqlOrder,
  mapGqlProduct,
  type GqlCustomer,
  type GqlOrder,
  type GqlProduct,
} from './map-graphql'
import { pageSize, QUERIES, searchFilter, SYNC_ORDER, type SyncResource } from './queries'
import { SYNC_PAGE_ATTEMPTS, SYNC_PAGE_JOB, type SyncPagePayload } from './start-sync'

interface Page<N> {
  nodes: N[]
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
}

/** Ingests a page's records; returns how many were taken (skipped ones — no email or phone — count as processed). */
async function ingestPage(ctx: CommerceContext, resource: SyncResource, nodes: unknown[]): Promise<void> {
  if (resource === 'orders') {
    await ingestPlacedOrders(ctx, (nodes as GqlOrder[]).map(mapGqlOrder))
    return
  }
  for (const n of nodes) {
    try {
      if (resource === 'customers') await ingestCustomer(ctx, mapGqlCustomer(n as GqlCustomer))
      else await ingestProduct(ctx, mapGqlProduct(n as GqlProduct))
    } catch (e) {
      if (!(e instanceof CommerceSkip)) throw e
    }
  }
}

export interface RunPageOptions {
  client?: ShopifyClient
  attempt?: number
}

/** Returns whether another page follows. */
export async function runSyncPage(p: SyncPagePayload, o: RunPageOptions = {}): Promise<boolean> {
  const sync = await db.integrationSync.findFirst({ where: { id: p.syncId, companyId: p.companyId } })
  if (!sync || sync.status === 'complete' || sync.status === 'failed') return false
  const conn = await getConnection(p.companyId, sync.integrationId)
  const creds = await connectionCredentials(p.companyId, sync.integrationId)
  if (!conn || conn.status === 'disconnected' || !conn.externalKey || !creds?.accessToken) {
    await db.integrationSync.updateMany({
      where: { id: sync.id, companyId: p.companyId },
      data: { status: 'failed', error: 'The shop was disconnected.', finishedAt: new Date() },
    })
    return false
  }
  const resource = sync.resource as SyncResource
  const client = o.client ?? createShopifyClient({ shop: conn.externalKey, accessToken: creds.accessToken })
  if (sync.status === 'queued')
    await db.integrationSync.updateMany({
      where: { id: sync.id, companyId: p.companyId },
      data: { status: 'running', startedAt: new Date() },
    })

  let page: Page<unknown>
  let total: number | null = sync.total
  try {
    const d = await client.query<Record<string, unknown>>(QUERIES[resource], {
      first: pageSize(resource),
      after: sync.cursor,
      query: searchFilter(resource, sync.sinceDays, sync.createdAt),
      withCount: total == null,
    })
    page = d[resource] as Page<unknown>
    const count = d[`${resource}Count`] as { count?: number } | undefined
    if (count?.count != null) total = count.count
  } catch (e) {
    const permanent = e instanceof ShopifyApiError && e.kind === 'unauthorized'
    if (permanent || (o.attempt ?? 1) >= SYNC_PAGE_ATTEMPTS) {
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

  const storeUrl = typeof conn.settings.storeUrl === 'string' ? conn.settings.storeUrl : `https://${conn.externalKey}`
  await ingestPage(
    { companyId: p.companyId, provider: 'shopify', integrationId: conn.id, storeUrl },
    resource,
    page.nodes,
  )

  const more = page.pageInfo.hasNextPage && !!page.pageInfo.endCursor
  const processed = sync.processed + page.nodes.length
  const now = new Date()
  const nextSync = more
    ? null
    : await db.integrationSync.findFirst({
        where: {
          companyId: p.companyId,
          integrationId: conn.id,
          status: 'queued',
          resource: SYNC_ORDER[SYNC_ORDER.indexOf(resource) + 1] ?? '-',
        },
        orderBy: { createdAt: 'desc' },
      })
  // PostgreSQL: the queue's schema must exist before a transaction enqueues into it.
  await prepareEnqueueInTransaction()
  const advanced = await inWriteTx(function* () {
    const changed = yield* exec(
      kysely()
        .updateTable('IntegrationSync')
        .set({
          cursor: more ? page.pageInfo.endCursor : sync.cursor,
          processed,
          total: total ?? processed,
          updatedAt: dbDate(now) as never,
          ...(more ? {} : { status: 'complete', finishedAt: dbDate(now) as never, total: processed }),
        })
        // Only from the cursor this run read: a duplicate run of the same page changes nothing.
        .where('id', '=', sync.id)
        .where('companyId', '=', p.companyId)
        .where('processed', '=', sync.processed),
    )
    if (!changed) return false
    const next = more
      ? { syncId: sync.id, cursor: page.pageInfo.endCursor }
      : nextSync
        ? { syncId: nextSync.id, cursor: null }
        : null
    if (next) {
      yield* enqueueJobOps(
        SYNC_PAGE_JOB,
        { companyId: p.companyId, syncId: next.syncId } satisfies SyncPagePayload,
        {
          companyId: p.companyId,
          maxAttempts: SYNC_PAGE_ATTEMPTS,
          idempotencyKey: `shopify-sync:${next.syncId}:${next.cursor ?? 'start'}`,
        },
        now,
      )
    }
    return true
  })
  if (advanced) wakeWorkers(SYNC_PAGE_JOB)
  if (advanced && !more && !nextSync)
    await updateConnection(p.companyId, conn.id, { status: 'connected', lastSyncAt: now, lastError: null })
  return more
}
