// Reading /client/reviews for the widgets: the JSON:API review as the widgets draw it. Photos
// keep only web addresses (the API serves our own /media URLs); anything else is dropped.
import type { OnsiteContext } from '../types'
import type { WidgetReview } from './render'

export interface ApiReview {
  id: string
  attributes: {
    rating: number | null
    title: string | null
    content: string | null
    author: string | null
    created: string
    verified: boolean
    images?: string[]
    product: { name: string; url: string } | null
    public_reply: { content: string; author: string } | null
  }
}

export const q = (s: string) => encodeURIComponent(s)

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'omit', headers: { revision: '2026-07-15' } })
  if (!res.ok) throw new Error(`reviews ${res.status}`)
  return (await res.json()) as T
}

export function toWidgetReview(r: ApiReview): WidgetReview {
  const a = r.attributes
  return {
    id: r.id,
    rating: a.rating,
    title: a.title,
    content: a.content,
    author: a.author,
    created: a.created,
    verified: a.verified,
    images: (Array.isArray(a.images) ? a.images : []).filter((u) => typeof u === 'string' && /^https?:\/\//.test(u)),
    publicReply: a.public_reply ? { content: a.public_reply.content, author: a.public_reply.author } : null,
  }
}

/** A page of the company's visible reviews matching a filter (the next link when there is one). */
export async function loadReviews(ctx: OnsiteContext, filter: string, size: number, next: string | null) {
  const url =
    next ??
    `${ctx.baseUrl}/client/reviews?company_id=${q(ctx.companyId)}&filter=${q(filter)}&sort=-created&page[size]=${size}`
  const body = await getJson<{ data: ApiReview[]; links: { next: string | null } }>(url)
  return { reviews: body.data.map(toWidgetReview), next: body.links.next }
}
