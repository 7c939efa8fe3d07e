/** @jest-environment node */
import { REDIRECTS, redirectFor } from '@/lib/routes/redirects'
import { ROUTES } from '@/lib/routes/registry'
import { matchRoute } from '@/lib/routes/match'

test('the ten fixed redirects of seed 000 / seed 001 §2.22, exactly', () => {
  expect(REDIRECTS).toEqual([
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
  ])
})

test('redirect sources are unique', () => {
  const sources = REDIRECTS.map((r) => r.from)
  expect(new Set(sources).size).toBe(sources.length)
})

test('no source is also a registered route pattern (the redirect would be shadowed)', () => {
  const patterns = new Set(ROUTES.map((r) => r.path))
  for (const { from } of REDIRECTS) {
    expect(patterns.has(from)).toBe(false)
    // Where a parameter route also fits (e.g. /cdp/intelligence/:tabName?) it is not a literal
    // route of its own; proxy.ts applies redirects first.
    const m = matchRoute(from)
    if (m) expect(m.route.path).toMatch(/:/)
  }
  expect(matchRoute('/tags')).toBeNull()
  expect(matchRoute('/feeds')).toBeNull()
})

test('every target is a registered route, and no target is itself a source (no chains or loops)', () => {
  const sources = new Set(REDIRECTS.map((r) => r.from))
  for (const { to } of REDIRECTS) {
    expect(matchRoute(to)).not.toBeNull()
    expect(sources.has(to)).toBe(false)
  }
})

test('redirectFor finds exact sources, tolerating a trailing slash', () => {
  expect(redirectFor('/tags')).toBe('/settings/account/tags')
  expect(redirectFor('/tags/')).toBe('/settings/account/tags')
  expect(redirectFor('/tags/x')).toBeNull()
  expect(redirectFor('/cdp/intelligence/other')).toBeNull()
})
