// The main navigation of seed 000 §2 "Navigation rules": fixed ids and children, each item
// pointing at a registered route and shown only when that route would open for the viewer.
import { decideAccess, type Viewer } from './access'
import { matchRoute } from './match'

export interface NavItem {
  id: string
  url: string
  /** Key inside the "nav" messages namespace. */
  labelKey: string
  active: boolean
  children: NavItem[]
}

export interface NavSpec {
  id: string
  url: string
  labelKey: string
  /** Path prefixes (besides url) under which the item counts as active. */
  activePrefixes?: string[]
  /** Shown only when the viewer holds this resource. */
  requires?: string
  children?: NavSpec[]
}

export const NAV_SPEC: NavSpec[] = [
  { id: 'home', url: '/dashboard', labelKey: 'home' },
  { id: 'campaigns', url: '/campaigns', labelKey: 'campaigns', activePrefixes: ['/campaign', '/omnicampaigns'] },
  { id: 'flows', url: '/flows', labelKey: 'flows', activePrefixes: ['/flow', '/library/flows'] },
  { id: 'forms', url: '/forms', labelKey: 'forms', activePrefixes: ['/cloning/wizard/form'] },
  {
    id: 'audience',
    url: '/lists',
    labelKey: 'audience',
    children: [
      {
        id: 'growth-tools',
        url: '/growth-tools/subscribe-links',
        labelKey: 'growthTools',
        activePrefixes: ['/growth-tools'],
      },
      { id: 'groups', url: '/lists', labelKey: 'groups', activePrefixes: ['/list'] },
      {
        id: 'customers',
        url: '/people/subscribers',
        labelKey: 'customers',
        activePrefixes: ['/people', '/profile', '/objects'],
      },
    ],
  },
  {
    id: 'content',
    url: '/templates',
    labelKey: 'content',
    children: [
      { id: 'templates', url: '/templates', labelKey: 'templates', activePrefixes: ['/template', '/email-templates'] },
      { id: 'catalogs', url: '/catalog/items', labelKey: 'catalogs', activePrefixes: ['/catalog', '/catalogs'] },
      { id: 'assets', url: '/asset-library/images', labelKey: 'assets', activePrefixes: ['/asset-library'] },
      { id: 'brand', url: '/brand-library/brand/logos', labelKey: 'brand', activePrefixes: ['/brand-library'] },
      { id: 'coupons', url: '/coupons', labelKey: 'coupons', activePrefixes: ['/coupon', '/uploaded-coupon'] },
    ],
  },
  {
    id: 'analytics',
    url: '/analytics/dashboards',
    labelKey: 'analytics',
    children: [
      { id: 'dashboards', url: '/analytics/dashboards', labelKey: 'dashboards' },
      { id: 'experiments', url: '/experiments', labelKey: 'experiments' },
      {
        id: 'metrics',
        url: '/analytics/metrics',
        labelKey: 'metrics',
        activePrefixes: ['/metric', '/analytics/custom-metrics'],
      },
      { id: 'benchmarks', url: '/analytics/benchmarks', labelKey: 'benchmarks' },
      {
        id: 'deliverability',
        url: '/analytics/deliverability/email',
        labelKey: 'deliverability',
        activePrefixes: ['/analytics/deliverability'],
      },
      {
        id: 'reports',
        url: '/analytics/reports',
        labelKey: 'reports',
        activePrefixes: ['/analytics/report', '/report-builder'],
      },
    ],
  },
  {
    id: 'manage-portfolio',
    url: '/portfolio/dashboard',
    labelKey: 'managePortfolio',
    requires: 'multi_account_portfolio_read',
    activePrefixes: ['/portfolio'],
    children: [
      { id: 'accounts', url: '/portfolio/accounts', labelKey: 'portfolioAccounts' },
      { id: 'users', url: '/portfolio/users', labelKey: 'portfolioUsers' },
      { id: 'billing', url: '/portfolio/billing', labelKey: 'portfolioBilling' },
      { id: 'metrics', url: '/portfolio/metrics', labelKey: 'portfolioMetrics' },
    ],
  },
]

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : prefix + '/')
}

function isActive(spec: NavSpec, path: string | undefined): boolean {
  if (!path) return false
  return [spec.url, ...(spec.activePrefixes ?? [])].some((p) => underPrefix(path, p))
}

function opens(url: string, viewer: Viewer, flags: Record<string, boolean>): boolean {
  const m = matchRoute(url)
  return m !== null && decideAccess(m.route, viewer, flags) === 'allow'
}

const isBuilt = (url: string) => matchRoute(url)?.route.built === true

export function buildNavItem(
  spec: NavSpec,
  viewer: Viewer,
  flags: Record<string, boolean>,
  path?: string,
): NavItem | null {
  if (spec.requires && !viewer.resources.has(spec.requires)) return null
  const children = (spec.children ?? [])
    .map((c) => buildNavItem(c, viewer, flags, path))
    .filter((c): c is NavItem => c !== null)
  const own = opens(spec.url, viewer, flags)
  if (!own && children.length === 0) return null
  // A parent whose own page is closed to the viewer leads to its first open child; one whose own
  // page is not built yet leads to its first built child (Analytics → Metrics), so the section's
  // link never ends on the "not available yet" screen while part of the section exists.
  const builtChild = children.find((c) => isBuilt(c.url))
  const url = own && (isBuilt(spec.url) || !builtChild) ? spec.url : (builtChild ?? children[0]).url
  return {
    id: spec.id,
    url,
    labelKey: spec.labelKey,
    active: isActive(spec, path) || children.some((c) => c.active),
    children,
  }
}

/** The navigation the viewer may open, with the item for the current path marked active. */
export function buildNavItems(resources: Set<string>, flags: Record<string, boolean>, currentPath?: string): NavItem[] {
  const viewer: Viewer = { resources, staffResources: [], isStaff: false }
  const path = currentPath?.split(/[?#]/, 1)[0]
  return NAV_SPEC.map((s) => buildNavItem(s, viewer, flags, path)).filter((i): i is NavItem => i !== null)
}
