/** @jest-environment node */
import { decideAccess, loginRedirectUrl, safeNextPath, type Viewer } from '@/lib/routes/access'
import { matchRoute } from '@/lib/routes/match'
import { ROUTES } from '@/lib/routes/registry'
import { resourcesForRole } from '@/lib/auth/roles'
import { STAFF_RESOURCES } from '@/lib/auth/resources'
import type { RouteDef } from '@/lib/routes/types'

const routeOf = (p: string) => {
  const m = matchRoute(p)
  if (!m) throw new Error('no route ' + p)
  return m.route
}
const viewer = (resources: string[], staff: { isStaff?: boolean; staffResources?: string[] } = {}): Viewer => ({
  resources: new Set(resources),
  staffResources: staff.staffResources ?? [],
  isStaff: staff.isStaff ?? false,
})

const owner = viewer(resourcesForRole('owner'))
const analyst = viewer(resourcesForRole('analyst'))
const member = viewer(['dashboard', 'flows_read'])
const staff = viewer(resourcesForRole('owner'), { isStaff: true, staffResources: [...STAFF_RESOURCES] })
const staffWithout = viewer([], { isStaff: true, staffResources: ['staff_base'] })
const ALL_FLAGS = {
  amp: true,
  report_builder: true,
  prestashop_use_tax_incl_price: true,
  support_ticket_dashboard_enabled: true,
  identity_explorer: true,
  subscriber_growth_report: true,
  is_reviews_enabled: true,
}

describe('the access matrix', () => {
  const cases: [string, string, Viewer | null, string][] = [
    // public: anyone
    ['/sms/unsubscribe', 'signed out', null, 'allow'],
    ['/sms/unsubscribe', 'member', member, 'allow'],
    ['/abc/info', 'staff', staff, 'allow'],
    // unauthenticated: signed-out only
    ['/login', 'signed out', null, 'allow'],
    ['/login', 'member', member, 'dashboard'],
    ['/register', 'analyst', analyst, 'dashboard'],
    ['/account/reset/1/t', 'staff', staff, 'dashboard'],
    // authenticated
    ['/flows', 'signed out', null, 'login'],
    ['/flows', 'member', member, 'allow'],
    ['/campaigns', 'member', member, 'forbidden'],
    ['/flows', 'analyst', analyst, 'allow'],
    ['/dashboard', 'analyst', analyst, 'allow'],
    // staff
    ['/staff/compliance', 'signed out', null, 'login'],
    ['/staff/compliance', 'member', member, 'not-found'],
    ['/staff/compliance', 'owner', owner, 'not-found'],
    ['/staff/compliance', 'staff lacking the staff resource', staffWithout, 'forbidden'],
    ['/staff/compliance', 'staff', staff, 'allow'],
    ['/staff/account/5/create-support-ticket', 'staff', staff, 'allow'],
  ]
  test.each(cases)('%s for %s → %s', (path, _who, v, expected) => {
    expect(decideAccess(routeOf(path), v, ALL_FLAGS)).toBe(expected)
  })
})

describe('feature flags', () => {
  test('a flag that is off (or absent) means not found, after sign-in', () => {
    const r = routeOf('/report-builder')
    expect(decideAccess(r, owner, { report_builder: false })).toBe('not-found')
    expect(decideAccess(r, owner, {})).toBe('not-found')
    expect(decideAccess(r, owner, { report_builder: true })).toBe('allow')
    expect(decideAccess(r, null, {})).toBe('login')
  })

  test.each([
    ['/email-editor/1/edit/amp', 'amp'],
    ['/campaign/1/content/edit/amp', 'amp'],
    ['/report-builder/5/edit', 'report_builder'],
    ['/support/tickets/5', 'support_ticket_dashboard_enabled'],
    ['/people/identity-explorer', 'identity_explorer'],
    ['/list/5/reports/growth', 'subscriber_growth_report'],
    ['/reviews/products/5', 'is_reviews_enabled'],
    ['/catalog/product-feeds', 'prestashop_use_tax_incl_price'],
  ])('%s is gated by %s', (path, flag) => {
    expect(routeOf(path).flag).toBe(flag)
    expect(decideAccess(routeOf(path), owner, { ...ALL_FLAGS, [flag]: false })).toBe('not-found')
  })

  test('a flag gates before resources: a flag-off page is not found even without the resource', () => {
    expect(decideAccess(routeOf('/reviews'), member, {})).toBe('not-found')
    expect(decideAccess(routeOf('/reviews'), member, ALL_FLAGS)).toBe('forbidden')
  })
})

describe('required and partial resources', () => {
  const route = (extra: Partial<RouteDef>): RouteDef => ({
    path: '/x',
    area: 'settings',
    access: 'authenticated',
    layout: 'navigation',
    ...extra,
  })

  test('required: every resource', () => {
    const r = routeOf('/automations')
    expect(r.required).toEqual(['automations_read', 'sms_conversations_read'])
    expect(decideAccess(r, viewer(['automations_read']), {})).toBe('forbidden')
    expect(decideAccess(r, viewer(['automations_read', 'sms_conversations_read']), {})).toBe('allow')
    const inbox = routeOf('/inbox/settings/general')
    expect(decideAccess(inbox, viewer(['sms_conversations_read']), {})).toBe('forbidden')
    expect(decideAccess(inbox, viewer(['sms_conversations_read', 'sms_conversations_settings_read']), {})).toBe('allow')
  })

  test('partial as a set: any one member', () => {
    const r = routeOf('/settings/account/personal')
    expect(r.partial).toEqual(['account_info_personal'])
    expect(decideAccess(r, viewer(['account_info_personal']), {})).toBe('allow')
    expect(decideAccess(r, viewer(['dashboard']), {})).toBe('forbidden')
    const attribution = routeOf('/settings/attribution')
    expect(decideAccess(attribution, viewer(['account_settings_read']), {})).toBe('allow')
    expect(decideAccess(attribution, viewer(['attribution_settings_read']), {})).toBe('allow')
  })

  test('partial as groups: every resource of at least one group', () => {
    const r = routeOf('/analytics/reports')
    expect(r.partial).toEqual({ groups: [['ca_reports_view'], ['metrics_read', 'message_statistics_read']] })
    expect(decideAccess(r, viewer(['ca_reports_view']), {})).toBe('allow')
    expect(decideAccess(r, viewer(['metrics_read', 'message_statistics_read']), {})).toBe('allow')
    expect(decideAccess(r, viewer(['metrics_read']), {})).toBe('forbidden')
  })

  test('required and partial together: both must pass', () => {
    const r = route({ required: ['dashboard'], partial: ['a', 'b'] as never })
    expect(decideAccess(r, viewer(['dashboard', 'b']), {})).toBe('allow')
    expect(decideAccess(r, viewer(['dashboard']), {})).toBe('forbidden')
    expect(decideAccess(r, viewer(['b']), {})).toBe('forbidden')
  })
})

describe('roles', () => {
  test('the analyst is forbidden on user management and billing, allowed on the dashboard and flows', () => {
    expect(decideAccess(routeOf('/settings/account/users'), analyst, ALL_FLAGS)).toBe('forbidden')
    expect(decideAccess(routeOf('/settings/billing/overview'), analyst, ALL_FLAGS)).toBe('forbidden')
    expect(decideAccess(routeOf('/settings/account/api-keys'), analyst, ALL_FLAGS)).toBe('forbidden')
    expect(decideAccess(routeOf('/dashboard'), analyst, ALL_FLAGS)).toBe('allow')
    expect(decideAccess(routeOf('/flows'), analyst, ALL_FLAGS)).toBe('allow')
    expect(decideAccess(routeOf('/flow/5/edit'), analyst, ALL_FLAGS)).toBe('allow')
  })

  test('the owner may open every non-staff route when its flags are on', () => {
    const closed = ROUTES.filter((r) => r.access === 'authenticated')
      .filter((r) => decideAccess(r, owner, ALL_FLAGS) !== 'allow')
      .map((r) => r.path)
    expect(closed).toEqual([])
  })
})

describe('loginRedirectUrl', () => {
  test('encodes path, query and hash into next', () => {
    expect(loginRedirectUrl('/flows')).toBe('/login?next=%2Fflows')
    expect(loginRedirectUrl('/flows', '?sort=name&dir=asc', '#top')).toBe(
      '/login?next=%2Fflows%3Fsort%3Dname%26dir%3Dasc%23top',
    )
    expect(loginRedirectUrl('/flows', 'a=1', 'x')).toBe('/login?next=%2Fflows%3Fa%3D1%23x')
    expect(loginRedirectUrl('/flows', '?', '#')).toBe('/login?next=%2Fflows')
  })
})

describe('safeNextPath (no open redirect)', () => {
  test.each([
    ['/flows', '/flows'],
    ['/flows?sort=name#top', '/flows?sort=name#top'],
    ['/list/5/a%2Fb', '/list/5/a%2Fb'],
  ])('accepts the same-origin path %s', (next, expected) => expect(safeNextPath(next)).toBe(expected))

  test.each([
    [null],
    [''],
    ['flows'],
    ['//evil.com'],
    ['///evil.com'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['https://evil.com'],
    ['http:/evil.com'],
    ['javascript:alert(1)'],
    ['/%2F%2Fevil.com'],
    ['/%2F/evil.com'],
    ['/%5Cevil.com'],
    ['/%5C%5Cevil.com'],
    ['/\tevil'],
    ['/\n/evil.com'],
    ['/%0d%0aSet-Cookie:x'],
    ['/%E0%A4%A'],
    [' /flows'],
    ['/' + 'a'.repeat(3000)],
  ])('rejects %p', (next) => expect(safeNextPath(next as string | null)).toBe('/dashboard'))
})
