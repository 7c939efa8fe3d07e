// Opaque page cursors: base64url of the last row's sort key and id. `links.next` carries one
// in page[cursor]; the official SDK sends the whole next URL back as page[cursor] when the
// API is served over http, so a cursor that is a URL is unwrapped first.
import { invalidParam } from './api-error'

export type CursorKey = [sortValue: string | number | null, id: string | number]

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

/** The page[cursor] of a URL-shaped value, or the value itself. */
export function unwrapCursor(raw: string): string {
  const text = raw.trim()
  if (!/^https?:\/\//i.test(text) && !text.includes('?')) return text
  try {
    const url = new URL(text, 'http://x')
    const inner = url.searchParams.get('page[cursor]')
    // A URL that was percent-encoded once more on its way here.
    if (inner == null && /%25|%5B/i.test(text)) return unwrapCursor(decodeURIComponent(text))
    if (inner == null) throw invalidParam('page[cursor]', 'The cursor URL has no page[cursor] parameter.')
    return unwrapCursor(inner)
  } catch (e) {
    if (e instanceof Error && e.name === 'ApiError') throw e
    throw invalidParam('page[cursor]', 'The page cursor is not valid.')
  }
}

export function decodeCursor(raw: string | null | undefined): CursorKey | null {
  if (raw == null || raw === '') return null
  const text = unwrapCursor(raw)
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      ['string', 'number'].includes(typeof v[1]) &&
      (v[0] === null || ['string', 'number'].includes(typeof v[0]))
    ) {
      return v as CursorKey
    }
  } catch {
    // fall through
  }
  throw invalidParam('page[cursor]', 'The page cursor is not valid.')
}

/** The request URL with page[cursor] replaced: the `links.next` of a page. */
export function nextLink(requestUrl: URL, cursor: string): string {
  const url = new URL(requestUrl.toString())
  url.searchParams.set('page[cursor]', cursor)
  return url.toString()
}
