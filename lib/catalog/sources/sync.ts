// Catalog sources and their syncs. A source is a feed URL (JSON or Google Merchant XML) synced
// every scheduleHours by the job 'catalog.source-sync', or a CSV upload (one sync, additive).
// A sync reads and parses everything BEFORE writing: a broken feed (unreachable, HTTP error, not
// what it claims, no products) ends the sync as failed with its error and changes nothing. A good
// feed is applied in one transaction through K1's store (upserts by external id: items, and a
// variant per entry of an item_group_id; price and inventory changes recorded as CatalogChange
// rows), and an item of this source that the feed no longer lists is unpublished, never deleted.
// Bad entries are skipped and listed on the sync (index, external id, message).
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { toBool, toDate } from '@/lib/db/dialect'
import { ulid } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { enqueueJobOps } from '@/lib/jobs/enqueue-job-ops'
import { jobQueue, wakeWorkers } from '@/lib/jobs/queue'
import { updateItemsOps, upsertItemsOps } from '../store/items'
import { prepareCatalogWrite } from '../store/run-write'
import { CATALOG_CHANGES_JOB, type EntryResult, type ItemInput, type VariantInput } from '../store/types'
import { upsertVariantsOps } from '../store/variants'
import { fetchFeed, feedUrlProblem } from './fetch-feed'
import { FeedError, parseFeed, type EntryProblem, type FeedEntry, type FeedFormat } from './parse-feed'

export const SOURCE_SYNC_JOB = 'catalog.source-sync'
const MAX_ENTRY_ERRORS = 100

export const createSourceBody = z.object({
  name: z.string().trim().min(1, 'Give the source a name.').max(255, 'The name is too long.'),
  url: z
    .string()
    .trim()
    .min(1, 'Enter the feed URL.')
    .max(2000, 'The URL is too long.')
    .refine((u) => !feedUrlProblem(u), { message: 'Enter a full URL starting with http:// or https://.' }),
  format: z.enum(['json', 'xml'], { message: 'The format must be json or xml.' }),
  scheduleHours: z.coerce
    .number()
    .int('Choose a whole number of hours.')
    .min(1, 'Sync at most once an hour.')
    .max(24 * 7, 'Sync at least once a week.')
    .default(24),
})
export type CreateSourceInput = z.input<typeof createSourceBody>

export interface SourceRow {
  id: string
  name: string
  kind: string
  url: string | null
  format: string
  scheduleHours: number
  nextSyncAt: Date | null
  lastSyncAt: Date | null
  lastStatus: string | null
  createdAt: Date
}
export interface SyncRow {
  id: string
  sourceId: string
  status: string
  full: boolean
  added: number
  updated: number
  unchanged: number
  unpublished: number
  failed: number
  error: string | null
  entryErrors: EntryProblem[]
  startedAt: Date | null
  finishedAt: Date | null
  createdAt: Date
}

const sourceOf = (r: Record<string, unknown>): SourceRow => ({
  id: r.id as string,
  name: r.name as string,
  kind: r.kind as string,
  url: (r.url as string | null) ?? null,
  format: r.format as string,
  scheduleHours: Number(r.scheduleHours),
  nextSyncAt: toDate(r.nextSyncAt),
  lastSyncAt: toDate(r.lastSyncAt),
  lastStatus: (r.lastStatus as string | null) ?? null,
  createdAt: toDate(r.createdAt)!,
})
const syncOf = (r: Record<string, unknown>): SyncRow => {
  let entryErrors: EntryProblem[] = []
  try {
    entryErrors = JSON.parse((r.entryErrors as string) || '[]') as EntryProblem[]
  } catch {
    /* none */
  }
  return {
    id: r.id as string,
    sourceId: r.sourceId as string,
    status: r.status as string,
    full: toBool(r.full),
    added: Number(r.added),
    updated: Number(r.updated),
    unchanged: Number(r.unchanged),
    unpublished: Number(r.unpublished),
    failed: Number(r.failed),
    error: (r.error as string | null) ?? null,
    entryErrors,
    startedAt: toDate(r.startedAt),
    finishedAt: toDate(r.finishedAt),
    createdAt: toDate(r.createdAt)!,
  }
}

export async function listSources(companyId: number): Promise<SourceRow[]> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('CatalogSource')
        .selectAll()
        .where('companyId', '=', companyId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc'),
    ),
  )
  return rows.map((r) => sourceOf(r as Record<string, unknown>))
}

export async function getSource(companyId: number, id: string): Promise<{ source: SourceRow; syncs: SyncRow[] }> {
  const r = await read(
    selectFirst(
      kysely().selectFrom('CatalogSource').selectAll().where('companyId', '=', companyId).where('id', '=', id),
    ),
  )
  if (!r) throw notFound('This catalog source does not exist.')
  return { source: sourceOf(r as Record<string, unknown>), syncs: await listSyncs(companyId, id) }
}

export async function listSyncs(companyId: number, sourceId: string, limit = 50): Promise<SyncRow[]> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('CatalogSync')
        .selectAll()
        .where('companyId', '=', companyId)
        .where('sourceId', '=', sourceId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit),
    ),
  )
  return rows.map((r) => syncOf(r as Record<string, unknown>))
}

export async function getSync(companyId: number, syncId: string): Promise<SyncRow> {
  const r = await read(
    selectFirst(
      kysely().selectFrom('CatalogSync').selectAll().where('companyId', '=', companyId).where('id', '=', syncId),
    ),
  )
  if (!r) throw notFound('This sync does not exist.')
  return syncOf(r as Record<string, unknown>)
}

function* queueSyncOps(companyId: number, sourceId: string, full: boolean, now: Date, runAt = now): Ops<string> {
  const id = ulid(now.getTime())
  yield* exec(
    kysely()
      .insertInto('CatalogSync')
      .values({ id, companyId, sourceId, status: 'queued', full, entryErrors: '[]', createdAt: now }),
  )
  yield* exec(
    kysely()
      .updateTable('CatalogSource')
      .set({ lastStatus: 'queued', updatedAt: now })
      .where('companyId', '=', companyId)
      .where('id', '=', sourceId),
  )
  yield* enqueueJobOps(
    SOURCE_SYNC_JOB,
    { companyId, syncId: id },
    { companyId, runAt, maxAttempts: 3, idempotencyKey: `${SOURCE_SYNC_JOB}:${id}` },
    now,
  )
  return id
}

async function prepare() {
  await prepareCatalogWrite()
  await jobQueue().prepare()
}

/** Creates a feed source and queues its first sync. */
export async function createSource(
  companyId: number,
  input: unknown,
  now = new Date(),
): Promise<{ source: SourceRow; syncId: string }> {
  const parsed = createSourceBody.safeParse(input)
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const i of parsed.error.issues) (fieldErrors[i.path.join('.') || '_'] ??= []).push(i.message)
    throw badRequest('Please correct the highlighted fields.', fieldErrors)
  }
  const s = parsed.data
  const id = ulid(now.getTime())
  await prepare()
  const syncId = await inWriteTx(function* () {
    yield* exec(
      kysely().insertInto('CatalogSource').values({
        id,
        companyId,
        name: s.name,
        kind: 'feed',
        url: s.url,
        format: s.format,
        scheduleHours: s.scheduleHours,
        nextSyncAt: null,
        lastSyncAt: null,
        lastStatus: null,
        createdAt: now,
        updatedAt: now,
      }),
    )
    return yield* queueSyncOps(companyId, id, false, now)
  })
  wakeWorkers(SOURCE_SYNC_JOB)
  return { source: (await getSource(companyId, id)).source, syncId }
}

/** Queues a sync now (resync = full: every item rewritten, not only the changed ones). */
export async function requestSync(
  companyId: number,
  sourceId: string,
  full: boolean,
  now = new Date(),
): Promise<string> {
  const src = await read(
    selectFirst(
      kysely()
        .selectFrom('CatalogSource')
        .select(['id', 'kind'])
        .where('companyId', '=', companyId)
        .where('id', '=', sourceId),
    ),
  )
  if (!src) throw notFound('This catalog source does not exist.')
  if (src.kind !== 'feed')
    throw badRequest('An uploaded file cannot be synced again; upload it anew.', {
      sourceId: ['An uploaded file cannot be synced again; upload it anew.'],
    })
  await prepare()
  const id = await inWriteTx(() => queueSyncOps(companyId, sourceId, full, now))
  wakeWorkers(SOURCE_SYNC_JOB)
  return id
}

/** The feed's entries as store inputs: grouped entries become one item with variants. */
function toInputs(entries: FeedEntry[], sourceId: string) {
  const items = new Map<string, ItemInput & { entryIndexes: number[] }>()
  const variants: Array<VariantInput & { entryIndex: number }> = []
  for (const e of entries) {
    const itemExt = e.groupId ?? e.externalId
    const existing = items.get(itemExt)
    if (!existing) {
      items.set(itemExt, {
        externalId: itemExt,
        title: e.title,
        description: e.description,
        url: e.url,
        price: e.price,
        imageFullUrl: e.imageUrl,
        imageThumbnailUrl: e.imageUrl,
        imageUrls: e.imageUrl ? [e.imageUrl] : [],
        published: e.available,
        sourceId,
        entryIndexes: [e.index],
      })
    } else {
      existing.entryIndexes.push(e.index)
      existing.published = existing.published || e.available
      if (e.price != null && (existing.price == null || e.price < existing.price)) existing.price = e.price
    }
    if (e.groupId) {
      variants.push({
        externalId: e.externalId,
        itemExternalId: itemExt,
        title: e.title,
        description: e.description,
        sku: e.sku ?? e.externalId,
        price: e.price ?? 0,
        inventoryQuantity: e.inventory ?? (e.available ? 1 : 0),
        url: e.url,
        imageFullUrl: e.imageUrl,
        published: e.available,
        entryIndex: e.index,
      })
    }
  }
  return { items: [...items.values()], variants }
}

function omitKey<T extends object, K extends keyof T>(o: T, k: K): Omit<T, K> {
  const copy = { ...o }
  delete copy[k]
  return copy
}

export interface ApplyOutcome {
  added: number
  updated: number
  unpublished: number
  failed: number
  problems: EntryProblem[]
}

/** Applies parsed entries in the caller's transaction. `unpublishMissing`: a full feed's absent items are unpublished. */
export function* applyEntriesOps(
  companyId: number,
  sourceId: string,
  entries: FeedEntry[],
  problems: EntryProblem[],
  unpublishMissing: boolean,
  now: Date,
): Ops<ApplyOutcome> {
  const { items, variants } = toInputs(entries, sourceId)
  const out: ApplyOutcome = { added: 0, updated: 0, unpublished: 0, failed: problems.length, problems: [...problems] }
  const note = (r: EntryResult, indexes: number[], ext: string) => {
    if (r.ok) return r.created === false ? out.updated++ : out.added++
    out.failed += indexes.length
    for (const index of indexes)
      out.problems.push({ index, externalId: ext, message: r.errors.map((e) => e.message).join(' ') })
  }
  for (let i = 0; i < items.length; i += 500) {
    const part = items.slice(i, i + 500)
    const results = yield* upsertItemsOps(
      companyId,
      part.map((x) => omitKey(x, 'entryIndexes')),
      now,
    )
    results.forEach((r, k) => note(r, part[k]!.entryIndexes, part[k]!.externalId))
  }
  for (let i = 0; i < variants.length; i += 500) {
    const part = variants.slice(i, i + 500)
    const results = yield* upsertVariantsOps(
      companyId,
      part.map((x) => omitKey(x, 'entryIndex')),
      now,
    )
    results.forEach((r, k) => {
      if (!r.ok) note(r, [part[k]!.entryIndex], part[k]!.externalId)
    })
  }
  if (unpublishMissing) {
    const listed = new Set(items.map((x) => x.externalId))
    const mine = yield* select(
      kysely()
        .selectFrom('CatalogItem')
        .select(['id', 'externalId'])
        .where('companyId', '=', companyId)
        .where('sourceId', '=', sourceId)
        .where('published', '=', true as never)
        .where('deleted', '=', false as never),
    )
    const gone = mine.filter((m) => !listed.has(m.externalId))
    for (let i = 0; i < gone.length; i += 500) {
      const r = yield* updateItemsOps(
        companyId,
        gone.slice(i, i + 500).map((g) => ({ id: g.id, patch: { published: false } })),
        now,
      )
      out.unpublished += r.filter((x) => x.ok).length
    }
  }
  return out
}

function* finishOps(
  companyId: number,
  sourceId: string,
  syncId: string,
  status: 'complete' | 'failed',
  patch: Record<string, unknown>,
  now: Date,
  scheduleHours: number | null,
  kind: string,
): Ops<void> {
  yield* exec(
    kysely()
      .updateTable('CatalogSync')
      .set({ status, finishedAt: now, ...patch })
      .where('companyId', '=', companyId)
      .where('id', '=', syncId),
  )
  const nextSyncAt = kind === 'feed' && scheduleHours ? new Date(now.getTime() + scheduleHours * 3_600_000) : null
  yield* exec(
    kysely()
      .updateTable('CatalogSource')
      .set({ lastStatus: status, lastSyncAt: now, nextSyncAt, updatedAt: now })
      .where('companyId', '=', companyId)
      .where('id', '=', sourceId),
  )
  if (nextSyncAt) {
    // The next scheduled sync (one per source and instant, whatever queued this one).
    yield* enqueueJobOps(
      SOURCE_SYNC_JOB,
      { companyId, sourceId, scheduled: true },
      {
        companyId,
        runAt: nextSyncAt,
        maxAttempts: 3,
        idempotencyKey: `${SOURCE_SYNC_JOB}:${sourceId}:${nextSyncAt.toISOString()}`,
      },
      now,
    )
  }
}

/** Runs one queued sync (the job). `fetchText` replaces the HTTP read in tests of odd inputs. */
export async function runSync(companyId: number, syncId: string, opts: { now?: () => Date } = {}): Promise<SyncRow> {
  const clock = opts.now ?? (() => new Date())
  const sync = await read(
    selectFirst(
      kysely().selectFrom('CatalogSync').selectAll().where('companyId', '=', companyId).where('id', '=', syncId),
    ),
  )
  if (!sync) throw notFound('This sync does not exist.')
  if (sync.status === 'complete' || sync.status === 'failed') return syncOf(sync as Record<string, unknown>)
  const src = await read(
    selectFirst(
      kysely()
        .selectFrom('CatalogSource')
        .selectAll()
        .where('companyId', '=', companyId)
        .where('id', '=', sync.sourceId),
    ),
  )
  if (!src) throw notFound('This catalog source does not exist.')
  await prepare()
  await inWriteTx(() =>
    exec(kysely().updateTable('CatalogSync').set({ status: 'running', startedAt: clock() }).where('id', '=', syncId)),
  )
  let parsed: { entries: FeedEntry[]; problems: EntryProblem[] }
  try {
    const { text, contentType } = await fetchFeed(src.url ?? '')
    parsed = parseFeed(text, src.format as FeedFormat, contentType)
  } catch (e) {
    const message = e instanceof FeedError ? e.message : `The feed could not be read: ${(e as Error).message}`
    const now = clock()
    await inWriteTx(() =>
      finishOps(
        companyId,
        src.id,
        syncId,
        'failed',
        { error: message.slice(0, 2000) },
        now,
        Number(src.scheduleHours),
        src.kind,
      ),
    )
    return getSync(companyId, syncId)
  }
  const now = clock()
  await inWriteTx(function* () {
    const out = yield* applyEntriesOps(companyId, src.id, parsed.entries, parsed.problems, true, now)
    yield* finishOps(
      companyId,
      src.id,
      syncId,
      'complete',
      {
        added: out.added,
        updated: out.updated,
        unpublished: out.unpublished,
        failed: out.failed,
        entryErrors: JSON.stringify(out.problems.slice(0, MAX_ENTRY_ERRORS)),
      },
      now,
      Number(src.scheduleHours),
      src.kind,
    )
  })
  wakeWorkers(CATALOG_CHANGES_JOB)
  return getSync(companyId, syncId)
}

/** The scheduled job: a new sync row for the source, run now (a deleted source: nothing). */
export async function runScheduledSync(companyId: number, sourceId: string, now = new Date()): Promise<SyncRow | null> {
  const src = await read(
    selectFirst(
      kysely()
        .selectFrom('CatalogSource')
        .select(['id', 'kind'])
        .where('companyId', '=', companyId)
        .where('id', '=', sourceId),
    ),
  )
  if (!src || src.kind !== 'feed') return null
  const id = ulid(now.getTime())
  await inWriteTx(() =>
    exec(
      kysely()
        .insertInto('CatalogSync')
        .values({ id, companyId, sourceId, status: 'queued', full: false, entryErrors: '[]', createdAt: now }),
    ),
  )
  return runSync(companyId, id, { now: () => now })
}

/** A CSV upload: a csv source and one sync, applied at once (additive: nothing is unpublished). */
export async function importCsv(
  companyId: number,
  input: { name: string; csv: string },
  now = new Date(),
): Promise<{ source: SourceRow; sync: SyncRow }> {
  const name = input.name.trim() || 'CSV upload'
  let parsed: { entries: FeedEntry[]; problems: EntryProblem[] }
  try {
    parsed = parseFeed(input.csv, 'csv')
  } catch (e) {
    if (e instanceof FeedError) throw badRequest(e.message, { file: [e.message] })
    throw e
  }
  const sourceId = ulid(now.getTime())
  const syncId = ulid(now.getTime())
  await prepare()
  await inWriteTx(function* () {
    yield* exec(
      kysely()
        .insertInto('CatalogSource')
        .values({
          id: sourceId,
          companyId,
          name: name.slice(0, 255),
          kind: 'csv',
          url: null,
          format: 'csv',
          scheduleHours: 0,
          nextSyncAt: null,
          lastSyncAt: now,
          lastStatus: 'complete',
          createdAt: now,
          updatedAt: now,
        }),
    )
    const out = yield* applyEntriesOps(companyId, sourceId, parsed.entries, parsed.problems, false, now)
    yield* exec(
      kysely()
        .insertInto('CatalogSync')
        .values({
          id: syncId,
          companyId,
          sourceId,
          status: 'complete',
          full: true,
          added: out.added,
          updated: out.updated,
          unpublished: 0,
          failed: out.failed,
          entryErrors: JSON.stringify(out.problems.slice(0, MAX_ENTRY_ERRORS)),
          startedAt: now,
          finishedAt: now,
          createdAt: now,
        }),
    )
  })
  wakeWorkers(CATALOG_CHANGES_JOB)
  return { source: (await getSource(companyId, sourceId)).source, sync: await getSync(companyId, syncId) }
}
