// Request plumbing shared by the demo storefront's routes: which store, the page's CSP nonce
// (the proxy writes the page policy into the request, see lib/http/security-headers.ts), and
// the HTML answer.
import { findStorefrontCompany, liveEmbedFormIds, type StorefrontCompany } from './storefront-data'
import type { PageInput } from './storefront-html'

export function nonceFrom(req: Request): string | null {
  const csp = req.headers.get('content-security-policy') ?? ''
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1] ?? null
}

export async function pageInput(req: Request): Promise<PageInput | null> {
  const key = new URL(req.url).searchParams.get('company_id')
  const company: StorefrontCompany | null = await findStorefrontCompany(key ? key.slice(0, 64) : null)
  if (!company) return null
  return {
    company,
    nonce: nonceFrom(req),
    keyQuery: key ? `?company_id=${encodeURIComponent(company.publicApiKey)}` : '',
    embedFormIds: await liveEmbedFormIds(company.id),
  }
}

export const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })

export const notFoundPage = () => html('<!doctype html><title>Not found</title><p>No such store or product.</p>', 404)
