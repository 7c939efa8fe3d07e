/** @jest-environment node */
import { buildNavItems, NAV_SPEC, type NavItem } from '@/lib/routes/nav'
import { buildSettingsNav, SETTINGS_NAV_SPEC } from '@/lib/routes/settings-nav'
import { matchRoute } from '@/lib/routes/match'
import { resourcesForRole } from '@/lib/auth/roles'
import messages from '@/messages/en-US.json'

const ids = (items: NavItem[]) => items.map((i) => [i.id, i.children.map((c) => c.id)])
const FLAGS = { report_builder: true }

test('the navigation of seed 000 §2: exact ids and children, each pointing at a registered route', () => {
  const owner = buildNavItems(new Set(resourcesForRole('owner')), FLAGS)
  expect(ids(owner)).toEqual([
    ['home', []],
    ['campaigns', []],
    ['flows', []],
    ['forms', []],
    ['audience', ['growth-tools', 'groups', 'customers']],
    ['content', ['templates', 'catalogs', 'assets', 'brand', 'coupons']],
    ['analytics', ['dashboards', 'experiments', 'metrics', 'benchmarks', 'deliverability', 'reports']],
    ['manage-portfolio', ['accounts', 'users', 'billing', 'metrics']],
  ])
  expect(owner[0].url).toBe('/dashboard')
  const all = NAV_SPEC.flatMap((s) => [s, ...(s.children ?? [])])
  for (const s of all) expect(matchRoute(s.url)).not.toBeNull()
  const labels = messages.nav as Record<string, string>
  for (const s of all) expect(labels[s.labelKey]).toEqual(expect.any(String))
  // Every nav label is used by the navigation or its settings section.
  const settings = [SETTINGS_NAV_SPEC, ...SETTINGS_NAV_SPEC.children!]
  for (const s of settings) expect(labels[s.labelKey]).toEqual(expect.any(String))
  expect(Object.keys(labels).sort()).toEqual([...new Set([...all, ...settings].map((s) => s.labelKey))].sort())
})

test('the analyst sees only what it may open: no portfolio users or billing', () => {
  const analyst = buildNavItems(new Set(resourcesForRole('analyst')), FLAGS)
  const portfolio = analyst.find((i) => i.id === 'manage-portfolio')
  expect(portfolio?.children.map((c) => c.id)).toEqual(['accounts', 'metrics'])
  expect(analyst.find((i) => i.id === 'flows')).toBeDefined()
})

test('a role with few resources: parents without open children disappear, others lead to an open child', () => {
  const support = buildNavItems(new Set(resourcesForRole('support')), {})
  expect(ids(support)).toEqual([
    ['home', []],
    ['audience', ['groups', 'customers']],
    ['analytics', ['dashboards', 'metrics', 'benchmarks']],
  ])
  // The audience page (/lists) is closed to a viewer who may read only profiles: it leads there.
  const profilesOnly = buildNavItems(new Set(['profile_read']), {})
  expect(profilesOnly).toEqual([
    {
      id: 'audience',
      url: '/people/subscribers',
      labelKey: 'audience',
      active: false,
      children: [{ id: 'customers', url: '/people/subscribers', labelKey: 'customers', active: false, children: [] }],
    },
  ])
})

test('manage-portfolio needs multi_account_portfolio_read', () => {
  const without = resourcesForRole('owner').filter((r) => r !== 'multi_account_portfolio_read')
  expect(buildNavItems(new Set(without), FLAGS).some((i) => i.id === 'manage-portfolio')).toBe(false)
})

test('nothing for a viewer without resources', () => {
  expect(buildNavItems(new Set(), {})).toEqual([])
})

test('the active item follows the current path by prefix', () => {
  const owner = new Set(resourcesForRole('owner'))
  const active = (path: string) =>
    buildNavItems(owner, FLAGS, path)
      .flatMap((i) => [i, ...i.children])
      .filter((i) => i.active)
      .map((i) => i.id)
  expect(active('/flows')).toEqual(['flows'])
  expect(active('/flow/abc/edit')).toEqual(['flows'])
  expect(active('/campaign/5/wizard')).toEqual(['campaigns'])
  expect(active('/list/5/members/add')).toEqual(['audience', 'groups'])
  expect(active('/profile/5?tab=x')).toEqual(['audience', 'customers'])
  expect(active('/analytics/deliverability/sms')).toEqual(['analytics', 'deliverability'])
  expect(active('/portfolio/metrics/4/edit')).toEqual(['manage-portfolio', 'metrics'])
  expect(active('/dashboard')).toEqual(['home'])
  expect(active('/flowsx')).toEqual([])
  expect(active('/settings/account/users')).toEqual([])
})

test('settings are reachable from the sidebar (issue 30 §1): every built settings screen the viewer may open', () => {
  for (const s of SETTINGS_NAV_SPEC.children!) expect(matchRoute(s.url)?.route.built).toBe(true)
  const owner = buildSettingsNav(new Set(resourcesForRole('owner')), FLAGS, '/settings/account/users')!
  expect(owner.children.map((c) => c.id)).toEqual(SETTINGS_NAV_SPEC.children!.map((c) => c.id))
  expect(owner).toMatchObject({ id: 'settings', url: '/settings/account/organization', active: true })
  expect(owner.children.find((c) => c.active)?.id).toBe('settings-users')
  // Sent messages lives under /settings/email: only it is current there.
  const outbox = buildSettingsNav(new Set(resourcesForRole('owner')), FLAGS, '/settings/email/outbox')!
  expect(outbox.children.filter((c) => c.active).map((c) => c.id)).toEqual(['settings-sent-messages'])
  expect(
    buildSettingsNav(new Set(resourcesForRole('owner')), FLAGS, '/settings/email')!
      .children.filter((c) => c.active)
      .map((c) => c.id),
  ).toEqual(['settings-email'])
  // An analyst: no users, API keys; its own personal and security settings.
  const analyst = buildSettingsNav(new Set(resourcesForRole('analyst')), FLAGS, '/dashboard')!
  const ids = analyst.children.map((c) => c.id)
  expect(ids).toEqual(expect.arrayContaining(['settings-personal', 'settings-security']))
  expect(ids).not.toContain('settings-users')
  expect(ids).not.toContain('settings-api-keys')
  expect(analyst.active).toBe(false)
  // Support and content creators too set up their own two-factor sign-in (issue 30 §7).
  for (const role of ['support', 'content_creator', 'campaign_coordinator']) {
    const nav = buildSettingsNav(new Set(resourcesForRole(role)), {}, '/dashboard')!
    expect(nav.children.map((c) => c.id)).toEqual(expect.arrayContaining(['settings-personal', 'settings-security']))
  }
  expect(buildSettingsNav(new Set(), {}, '/dashboard')).toBeNull()
})
