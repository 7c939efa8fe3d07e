// The pre-render step of the catalog tags (README-catalog.md): rendering is synchronous, so
// before a template is rendered for one recipient this reads what its catalog, coupon,
// recommendation and web-feed tags need and returns it as context to merge:
//   { $catalog: CatalogRenderData, feeds?: {...} }
// A template that uses none of them costs a regex scan and no query. The send pipeline calls it
// as a registered render preparer (lib/messaging/render-preparers.ts, filled by
// lib/server/consumers.ts): the catalog builds on messaging, not the reverse.
//
// Coupons: one code per coupon and assignKey (the Send id), assigned here, exactly once (see
// lib/coupons/store.ts assignCouponCode). A coupon with no code left makes the whole render
// refused ({ ok: false, reason: 'coupon_codes_exhausted' }): the caller skips the Send.
// A preview (no assignKey) prints PREVIEW_CODE and assigns nothing.
import { assignCouponCode, heldCouponCode } from '@/lib/coupons/store'
import { productIdsOf } from './link-events'
import {
  cachedCatalogItems,
  candidateIds,
  externalOf,
  MAX_RECOMMENDATIONS,
  recentlyViewed,
  recommend,
  type RecommendationKind,
} from './recommendations'
import { feedsForRender } from '@/lib/web-feeds/fetch-feed'
import {
  CATALOG_DATA_KEY,
  literalArg,
  recommendationArgs,
  type CatalogRenderData,
  type TemplateItem,
} from '@/lib/templates/tags-catalog'
import {
  COUPONS_EXHAUSTED,
  type PrerenderInput,
  type PrerenderResult,
  type RenderPreparer,
} from '@/lib/messaging/render-preparers'

export const PREVIEW_CODE = 'PREVIEW-CODE'

export interface TemplateScan {
  coupons: Set<string>
  /** A catalog / product_block tag is present (the event's products are loaded). */
  catalog: boolean
  literalIds: Set<string>
  /** `${kind}:${count}` */
  recommendations: Set<string>
  feeds: Set<string>
}

const COUPON = /\{%-?\s*coupon_code\s+([^%]*?)\s*-?%\}/g
const CATALOG = /\{%-?\s*(?:catalog|product_block)\s+([^%]*?)\s*-?%\}/g
const RECS = /\{%-?\s*(?:product_)?recommendations\s+([^%]*?)\s*-?%\}/g
const FEEDS = /\bfeeds\.([A-Za-z_]\w*)/g

export function scanTemplate(sources: Array<string | null | undefined>): TemplateScan {
  const scan: TemplateScan = {
    coupons: new Set(),
    catalog: false,
    literalIds: new Set(),
    recommendations: new Set(),
    feeds: new Set(),
  }
  for (const src of sources) {
    if (!src || !src.includes('{')) continue
    if (src.includes('coupon_code'))
      for (const m of src.matchAll(COUPON)) {
        const id = literalArg(m[1])
        if (id) scan.coupons.add(id)
      }
    if (src.includes('catalog') || src.includes('product_block'))
      for (const m of src.matchAll(CATALOG)) {
        scan.catalog = true
        const id = literalArg(m[1]?.split(/\s+/)[0])
        if (id) scan.literalIds.add(id)
      }
    if (src.includes('recommendations'))
      for (const m of src.matchAll(RECS)) {
        try {
          const { kind, count } = recommendationArgs(m[1] ?? '')
          scan.recommendations.add(`${kind}:${count}`)
        } catch {
          // the parser reports a bad tag; nothing to prepare
        }
      }
    if (src.includes('feeds.')) for (const m of src.matchAll(FEEDS)) scan.feeds.add(m[1]!)
  }
  return scan
}

/** The product ids of the triggering event (ProductID, Items[].ProductID, $extra.line_items[].product_id, …). */
export function eventProductIds(context: Record<string, unknown>): string[] {
  const ev = context.event
  if (!ev || typeof ev !== 'object') return []
  const props = ev as Record<string, unknown>
  const ids = new Set(productIdsOf(props))
  const extra = props.$extra as Record<string, unknown> | undefined
  const lines = extra && typeof extra === 'object' ? extra.line_items : undefined
  if (Array.isArray(lines))
    for (const l of lines) for (const id of productIdsOf(l as Record<string, unknown>)) ids.add(id)
  return [...ids]
}

export async function prepareCatalogRender(input: PrerenderInput): Promise<PrerenderResult> {
  const scan = scanTemplate(input.sources)
  const out: Record<string, unknown> = {}
  if (scan.feeds.size) out.feeds = await feedsForRender(input.companyId, scan.feeds, input.now)
  if (!scan.coupons.size && !scan.catalog && !scan.recommendations.size) return { ok: true, context: out }

  const data: CatalogRenderData = { coupons: {}, items: {}, recommendations: {} }
  for (const couponId of scan.coupons) {
    if (!input.assignKey) {
      data.coupons[couponId] = PREVIEW_CODE
      continue
    }
    if (input.readOnly) {
      data.coupons[couponId] = (await heldCouponCode(input.companyId, couponId, input.assignKey)) ?? ''
      continue
    }
    const r = await assignCouponCode(input.companyId, couponId, {
      assignKey: input.assignKey,
      profileId: input.profileId,
      now: input.now,
    })
    if (r.kind === 'assigned') data.coupons[couponId] = r.code
    else if (r.kind === 'exhausted')
      return { ok: false, reason: COUPONS_EXHAUSTED, error: `The coupon ${couponId} has no unassigned code left.` }
    else return { ok: false, reason: COUPONS_EXHAUSTED, error: `The coupon ${couponId} does not exist.` }
  }

  const basis = eventProductIds(input.context)
  const wanted = new Set<string>([...scan.literalIds, ...(scan.catalog ? basis : [])])
  const kinds = new Set([...scan.recommendations].map((k) => k.split(':')[0] as RecommendationKind))
  const needsViews = kinds.has('recently_viewed') || (kinds.has('frequently_bought_together') && !basis.length)
  const viewed = needsViews ? await recentlyViewed(input.companyId, input.profileId, MAX_RECOMMENDATIONS) : undefined
  const recInput = { companyId: input.companyId, profileId: input.profileId, basis, now: input.now, viewed }
  for (const kind of kinds) for (const id of await candidateIds(kind, recInput)) wanted.add(id)
  const items = await cachedCatalogItems(input.companyId, wanted, input.now.getTime())
  for (const key of scan.recommendations) {
    const [kind, count] = key.split(':') as [RecommendationKind, string]
    data.recommendations[key] = await recommend(kind, Number(count), recInput, (id) => items.has(id))
  }
  // only what the tags can print: the named and event items and the recommended ones
  const used = new Set<string>([
    ...[...scan.literalIds].map(externalOf),
    ...(scan.catalog ? basis : []),
    ...Object.values(data.recommendations).flat(),
  ])
  for (const id of used) {
    const item = items.get(id)
    if (item) data.items[id] = item as unknown as TemplateItem
  }
  out[CATALOG_DATA_KEY] = data
  return { ok: true, context: out }
}

/** Registered by lib/server/consumers.ts for the send pipeline's email channel. */
export const catalogRenderPreparer: RenderPreparer = { name: 'catalog tags', prepare: prepareCatalogRender }
