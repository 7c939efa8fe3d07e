// The query string of the review listings (/api/reviews, /client/reviews) as a ReviewQuery:
// the vendor's filters for each endpoint, sort, page[size] and the keyset cursor.
import { invalidParam } from '@/lib/api/api-error'
import { decodeCursor } from '@/lib/api/cursor'
import { dateValue, filterParam, pageSize, sortParam, stringValues } from '@/lib/api/query-params'
import { fromApiId } from '@/lib/ids/catalog-api-id'
import type { ReviewQuery } from '@/lib/reviews/list-reviews'

const DATE = ['greater-or-equal', 'less-or-equal'] as const
const RATING = ['any', 'equals', 'greater-or-equal', 'less-or-equal'] as const

export const API_FILTERS = {
  created: DATE,
  rating: RATING,
  id: ['any', 'equals'],
  'item.id': ['any', 'equals'],
  content: ['contains'],
  status: ['equals'],
  review_type: ['equals'],
  verified: ['equals'],
} as const

// The vendor's client filters, plus the product (item.id, product_external_ids) a widget needs.
export const CLIENT_FILTERS = {
  status: ['equals'],
  review_type: ['equals'],
  rating: RATING,
  id: ['any', 'equals'],
  content: ['contains'],
  public_reply: ['has'],
  verified: ['equals'],
  media: ['has'],
  created: DATE,
  updated: DATE,
  'item.id': ['any', 'equals'],
  product_external_ids: ['any', 'equals'],
  smart_quote: ['has'],
  incentivized: ['equals'],
  edited: ['equals'],
} as const

const SORTS = ['created', '-created', 'rating', '-rating', 'updated', '-updated'] as const

function ratings(v: unknown): number[] {
  const list = Array.isArray(v) ? v : [v]
  for (const x of list)
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > 5)
      throw invalidParam('filter', 'A rating filter takes whole numbers from 1 to 5.')
  return list as number[]
}

function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw invalidParam('filter', `The value for "${field}" must be true or false.`)
  return v
}

export function reviewQuery(url: URL, allowed: Record<string, readonly string[]>): ReviewQuery {
  const q: ReviewQuery = { sort: { field: 'created', desc: true }, limit: 20 }
  for (const c of filterParam(url, allowed)) {
    switch (c.field) {
      case 'created':
      case 'updated': {
        const range = (q[c.field] ??= {})
        range[c.op === 'greater-or-equal' ? 'gte' : 'lte'] = dateValue(c.value, c.field)
        break
      }
      case 'rating': {
        const r = (q.rating ??= {})
        const v = ratings(c.value)
        if (c.op === 'greater-or-equal') r.gte = v[0]
        else if (c.op === 'less-or-equal') r.lte = v[0]
        else r.equals = v
        break
      }
      case 'id':
        q.ids = stringValues(c.value, 'id')
        break
      case 'item.id':
        q.productExternalIds = stringValues(c.value, 'item.id').map((id) => {
          const key = fromApiId(id)
          if (!key) throw invalidParam('filter', `"${id}" is not a catalog item id.`)
          return key.externalId
        })
        break
      case 'product_external_ids':
        q.productExternalIds = stringValues(c.value, 'product_external_ids')
        break
      case 'content':
        q.contentContains = stringValues(c.value, 'content')[0]
        break
      case 'status':
        q.statuses = stringValues(c.value, 'status')
        break
      case 'review_type':
        q.reviewType = stringValues(c.value, 'review_type')[0]
        break
      case 'verified':
        q.verified = bool(c.value, 'verified')
        break
      case 'public_reply':
        q.hasPublicReply = true
        break
      case 'media':
        q.hasMedia = true
        break
      // smart_quote, incentivized, edited: not kept here; a filter on them matches as if absent
    }
  }
  const sort = sortParam(url, SORTS, '-created')
  q.sort = { field: sort.field as ReviewQuery['sort']['field'], desc: sort.desc }
  q.limit = pageSize(url, { def: 20, max: 100 })
  const cur = decodeCursor(url.searchParams.get('page[cursor]'))
  if (cur) {
    if (typeof cur[1] !== 'string' || cur[0] == null)
      throw invalidParam('page[cursor]', 'The page cursor is not valid for this listing.')
    q.after = { value: cur[0], id: cur[1] }
  }
  return q
}
