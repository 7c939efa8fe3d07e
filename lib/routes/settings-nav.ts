// Settings in the sidebar: a section below the main navigation (whose ids seed 000 §2 fixes),
// listing the built settings screens the viewer may open, grouped as the vendor groups them.
// The section leads to its first open screen; it is absent when the viewer may open none.
import type { Viewer } from './access'
import { matchRoute } from './match'
import { buildNavItem, type NavItem, type NavSpec } from './nav'

export const SETTINGS_NAV_SPEC: NavSpec = {
  id: 'settings',
  url: '/settings/account/organization',
  labelKey: 'settings',
  activePrefixes: ['/settings'],
  children: [
    { id: 'settings-organization', url: '/settings/account/organization', labelKey: 'settingsOrganization' },
    { id: 'settings-users', url: '/settings/account/users', labelKey: 'settingsUsers' },
    { id: 'settings-testing', url: '/settings/account/testing', labelKey: 'settingsTesting' },
    { id: 'settings-personal', url: '/settings/account/personal', labelKey: 'settingsPersonal' },
    { id: 'settings-security', url: '/settings/account/security', labelKey: 'settingsSecurity' },
    { id: 'settings-api-keys', url: '/settings/account/api-keys', labelKey: 'settingsApiKeys' },
    {
      id: 'settings-billing',
      url: '/settings/billing/overview',
      labelKey: 'settingsBilling',
      activePrefixes: ['/settings/billing'],
    },
    { id: 'settings-tags', url: '/settings/account/tags', labelKey: 'settingsTags' },
    {
      id: 'settings-email',
      url: '/settings/email',
      labelKey: 'settingsEmail',
      activePrefixes: ['/settings/account/domains'],
    },
    { id: 'settings-sent-messages', url: '/settings/email/outbox', labelKey: 'settingsSentMessages' },
    { id: 'settings-sms', url: '/settings/sms', labelKey: 'settingsSms' },
    { id: 'settings-whatsapp', url: '/settings/whatsapp', labelKey: 'settingsWhatsapp' },
    { id: 'settings-push', url: '/settings/push-notifications', labelKey: 'settingsPush' },
    { id: 'settings-attribution', url: '/settings/attribution', labelKey: 'settingsAttribution' },
    { id: 'settings-utm', url: '/settings/other/utm-tracking', labelKey: 'settingsUtm' },
    { id: 'settings-web-feeds', url: '/settings/other/web-feeds', labelKey: 'settingsWebFeeds' },
    { id: 'settings-back-in-stock', url: '/settings/other/bis-settings', labelKey: 'settingsBackInStock' },
    { id: 'settings-consent-pages', url: '/settings/other/consent-pages', labelKey: 'settingsConsentPages' },
    { id: 'settings-hosted-pages', url: '/settings/other/hosted-pages', labelKey: 'settingsHostedPages' },
    { id: 'settings-data', url: '/settings/data', labelKey: 'settingsData' },
  ],
}

const isBuilt = (url: string) => matchRoute(url)?.route.built === true

/** The settings section of the sidebar for this viewer (built screens only), or null. */
export function buildSettingsNav(
  resources: Set<string>,
  flags: Record<string, boolean>,
  currentPath?: string,
): NavItem | null {
  const viewer: Viewer = { resources, staffResources: [], isStaff: false }
  const path = currentPath?.split(/[?#]/, 1)[0]
  const spec: NavSpec = { ...SETTINGS_NAV_SPEC, children: SETTINGS_NAV_SPEC.children!.filter((c) => isBuilt(c.url)) }
  const item = buildNavItem(spec, viewer, flags, path)
  if (!item || !item.children.length) return null
  // One screen is current: under /settings/email/outbox both Email (/settings/email) and Sent
  // messages match; the most specific address wins.
  const matching = item.children.filter((c) => c.active)
  const current = matching.sort((a, b) => b.url.length - a.url.length)[0]
  const children = item.children.map((c) => ({ ...c, active: c === current }))
  // The section itself leads to its first screen the viewer may open.
  return { ...item, url: children[0]!.url, children, active: item.active || !!current }
}
