// /feed/{id}/preview: what a template sees as feeds.<key>. Reading shows the last good body the
// row keeps (no network); "Fetch now" reads the URL again through the guarded fetcher, records
// the outcome on the row as a send-time read would, and shows the error text when it fails.
import { getWebFeedAjax } from './ajax'
import { refreshFeed } from './fetch-feed'
import { parseFeedBody } from './parse-feed'
import { getWebFeedOrThrow } from './store'

/** The preview shows at most this much of the parsed feed, so a 2 MB feed does not freeze the page. */
const PREVIEW_CHARS = 100_000

function shown(value: unknown) {
  const text = JSON.stringify(value, null, 2) ?? 'null'
  return { text: text.slice(0, PREVIEW_CHARS), truncated: text.length > PREVIEW_CHARS }
}

export async function readWebFeedPreview(companyId: number, id: string) {
  const row = await getWebFeedOrThrow(companyId, id)
  const { feed } = await getWebFeedAjax(companyId, id)
  if (!row.cachedBody) return { feed, preview: null }
  try {
    return { feed, preview: shown(parseFeedBody(row.cachedBody, row.contentType === 'xml' ? 'xml' : 'json')) }
  } catch {
    return { feed, preview: null }
  }
}

export async function fetchWebFeedPreview(companyId: number, id: string, now = new Date()) {
  const row = await getWebFeedOrThrow(companyId, id)
  const r = await refreshFeed(row, now)
  const { feed } = await getWebFeedAjax(companyId, id)
  return r.ok ? { feed, preview: shown(r.value), error: null } : { feed, preview: null, error: r.error }
}
export type WebFeedPreviewResponse = Awaited<ReturnType<typeof readWebFeedPreview>> & { error?: string | null }
