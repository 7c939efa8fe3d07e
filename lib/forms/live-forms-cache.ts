// The per-process cache of a company's live forms, as GET /onsite/forms serves them on every
// store page view. The forms store owns it because it makes the changes: publish, unpublish,
// schedule, schedule flips, experiments, edits of a live version and deletion drop the company's
// entry, so this process serves the change at once; other processes (more web servers, the
// worker) see it when their entry expires, within TTL_MS. Kept on globalThis: Next.js loads the
// route handlers in separate module graphs of one process, and they must share one cache.
export const LIVE_FORMS_TTL_MS = 5_000
const MAX_COMPANIES = 5_000

type Entry = { at: number; value: unknown }
const g = globalThis as unknown as { __liveFormsCache?: Map<number, Entry> }
const cache: Map<number, Entry> = (g.__liveFormsCache ??= new Map())

/** The cached payload parts of a company, when fresh at `nowMs`. */
export function readLiveFormsCache<T>(companyId: number, nowMs: number): T | undefined {
  const hit = cache.get(companyId)
  return hit && nowMs - hit.at < LIVE_FORMS_TTL_MS && hit.at <= nowMs ? (hit.value as T) : undefined
}

export function writeLiveFormsCache<T>(companyId: number, nowMs: number, value: T): void {
  if (cache.size >= MAX_COMPANIES) cache.clear()
  cache.set(companyId, { at: nowMs, value })
}

/** Drops a company's entry (every company's without an id). */
export function invalidateLiveForms(companyId?: number): void {
  if (companyId === undefined) cache.clear()
  else cache.delete(companyId)
}
