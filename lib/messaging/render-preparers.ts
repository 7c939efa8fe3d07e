// Data a template's tags need before the synchronous render, read once per recipient: the
// catalog, coupon, recommendation and web-feed tags (lib/catalog/catalog-prerender.ts). The
// preparers are registered by the composition root (lib/server/consumers.ts), because the catalog
// builds on the send pipeline and messaging must not import it back (issue 30, the folder import
// cycle). Unlike a render-context consumer, a preparer may refuse the send (a coupon with no code
// left) and its failure is the send's ('retry'), not an empty variable.
import { consumerList } from '@/lib/config/consumer-list'

export const COUPONS_EXHAUSTED = 'coupon_codes_exhausted'

export interface PrerenderInput {
  companyId: number
  sources: Array<string | null | undefined>
  /** The render context (event = the triggering event's properties). */
  context: Record<string, unknown>
  /** The Send id; null for previews (no assignment). */
  assignKey: string | null
  profileId: string | null
  now: Date
  /** Web view of a sent message: read the codes already held, assign none. */
  readOnly?: boolean
}

export type PrerenderResult =
  { ok: true; context: Record<string, unknown> } | { ok: false; reason: typeof COUPONS_EXHAUSTED; error: string }

export interface RenderPreparer {
  name: string
  prepare(input: PrerenderInput): Promise<PrerenderResult>
}

const preparers = consumerList<RenderPreparer>('render preparer')

export const registerRenderPreparer = (p: RenderPreparer): void => preparers.register(p)

/** Every preparer's context merged, or the first refusal. Throws when none is registered (a start-up that forgot). */
export async function prepareRender(input: PrerenderInput): Promise<PrerenderResult> {
  const context: Record<string, unknown> = {}
  for (const p of preparers.all()) {
    const r = await p.prepare(input)
    if (!r.ok) return r
    Object.assign(context, r.context)
  }
  return { ok: true, context }
}
