// The fixed redirects of seed 000 §2 "Navigation rules" and seed 001 §2.22. Sources are exact
// paths and unique (a test proves it). proxy.ts applies them before any route is matched, so a
// source wins over a parameter route that would also match it (/cdp/intelligence/:tabName?,
// /reviews/settings/:section?); /tags and /feeds are deliberately not registered as routes.
export interface FixedRedirect {
  from: string
  to: string
}

export const REDIRECTS: FixedRedirect[] = [
  { from: '/dashboard-templates', to: '/dashboard' },
  { from: '/reviews/settings/billing-plans', to: '/settings/billing/overview' },
  { from: '/tags', to: '/settings/account/tags' },
  { from: '/feeds', to: '/settings/other/web-feeds' },
  { from: '/cdp/intelligence/rfm', to: '/customer-insights/rfm' },
  { from: '/cdp/intelligence/clv', to: '/predictive-models/clv' },
  { from: '/cdp/intelligence/funnel', to: '/customer-insights/funnel' },
  { from: '/cdp/intelligence/audience', to: '/customer-insights/audience' },
  { from: '/cdp/intelligence/product', to: '/catalog-insights/product' },
  { from: '/reviews/settings/google-shopping', to: '/reviews/settings/syndication' },
]

const BY_SOURCE = new Map(REDIRECTS.map((r) => [r.from, r.to]))

/** The redirect target for a pathname (a trailing slash is tolerated), or null. */
export function redirectFor(pathname: string): string | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  return BY_SOURCE.get(path) ?? null
}
