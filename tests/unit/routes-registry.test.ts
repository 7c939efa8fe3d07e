/** @jest-environment node */
import { ROUTES } from '@/lib/routes/registry'
import { parsePattern, patternShapes, matchRoute } from '@/lib/routes/match'
import { RESOURCES, STAFF_RESOURCES } from '@/lib/auth/resources'
import messages from '@/messages/en-US.json'

// Seed 001 §6: the flags that gate routes.
const SEED_FLAGS = [
  'amp',
  'report_builder',
  'prestashop_use_tax_incl_price',
  'support_ticket_dashboard_enabled',
  'identity_explorer',
  'subscriber_growth_report',
  'is_reviews_enabled',
]

test('every pattern is syntactically valid', () => {
  for (const r of ROUTES) expect(() => parsePattern(r.path)).not.toThrow()
  expect(() => parsePattern('/a/:b?/c')).toThrow()
  expect(() => parsePattern('/a//b')).toThrow()
  expect(() => parsePattern('a/b')).toThrow()
  expect(() => parsePattern('/a/')).toThrow()
  expect(() => parsePattern('/a/:x/:x')).toThrow()
  expect(() => parsePattern('/a/:1x')).toThrow()
})

test('no two routes have the same pattern, nor the same shape once optional parameters are expanded', () => {
  const paths = ROUTES.map((r) => r.path)
  expect(new Set(paths).size).toBe(paths.length)
  const owner = new Map<string, string>()
  const collisions: string[] = []
  for (const r of ROUTES) {
    for (const shape of patternShapes(r.path)) {
      if (owner.has(shape)) collisions.push(`${r.path} ~ ${owner.get(shape)}`)
      owner.set(shape, r.path)
    }
  }
  expect(collisions).toEqual([])
})

test('every route matches its own pattern (each route is reachable)', () => {
  for (const r of ROUTES) {
    const sample = r.path.replace(/:([A-Za-z0-9_]+)\?/g, 'x$1').replace(/:([A-Za-z0-9_]+)/g, 'v$1')
    expect(matchRoute(sample)?.route.path).toBe(r.path)
  }
})

test('resources, staff resources and flags are known names', () => {
  const known = new Set<string>(RESOURCES)
  const staff = new Set<string>(STAFF_RESOURCES)
  for (const r of ROUTES) {
    for (const res of r.required ?? []) expect(known).toContain(res)
    const partial = r.partial
    const partialNames = !partial
      ? []
      : Array.isArray(partial)
        ? partial
        : (partial as { groups: string[][] }).groups.flat()
    for (const res of partialNames) expect(known).toContain(res)
    for (const res of r.staffRequired ?? []) expect(staff).toContain(res)
    if (r.flag) expect(SEED_FLAGS).toContain(r.flag)
  }
  // Each seed flag gates at least one route.
  for (const f of SEED_FLAGS) expect(ROUTES.some((r) => r.flag === f)).toBe(true)
})

test('every area has a display name in the "areas" messages', () => {
  const names = messages.areas as Record<string, string>
  for (const r of ROUTES) expect(names[r.area]).toEqual(expect.any(String))
  // …and every name is used by some route.
  for (const key of Object.keys(names)) expect(ROUTES.some((r) => r.area === key)).toBe(true)
})

test('staff routes live under /staff, need staff resources, and nothing else is staff-only', () => {
  for (const r of ROUTES) {
    expect(r.path.startsWith('/staff/')).toBe(r.access === 'staff')
    if (r.access === 'staff') expect(r.staffRequired?.length).toBeGreaterThan(0)
  }
  for (const p of [
    '/staff/account/12/create-support-ticket',
    '/staff/app-management',
    '/staff/quarterly-growth-report',
    '/staff/sms-restrictions',
    '/staff/compliance',
    '/staff/feature-flags',
    '/staff/sql-explorer',
    '/staff/permissions',
  ]) {
    expect(matchRoute(p)?.route.access).toBe('staff')
  }
})

test('§2.1: public and unauthenticated routes', () => {
  const access = (p: string) => matchRoute(p)?.route.access
  for (const p of [
    '/login',
    '/register',
    '/account/password-reset',
    '/account/password-reset-done',
    '/account/reset-complete',
    '/account/reset/12/abc-def',
    '/token-error',
    '/sso/check-email',
    '/sso/login',
  ])
    expect(access(p)).toBe('unauthenticated')
  for (const p of [
    '/abc123/info',
    '/sms/unsubscribe',
    '/account/create-password/1/tok',
    '/login/suspicious',
    '/mfa-reset-details',
  ]) {
    expect(access(p)).toBe('public')
  }
  expect(matchRoute('/sso/check-email')?.route.layout).toBe('navigation')
  expect(matchRoute('/login')?.route.layout).toBe('none')
})

test('§2.2: the account screens need a signed-in user, /account/deleted included', () => {
  for (const p of [
    '/account/deleted',
    '/account-disabled',
    '/account-disabled-temporary',
    '/account/verify-phone',
    '/account/worker/5/status',
  ]) {
    expect([p, matchRoute(p)?.route.access]).toEqual([p, 'authenticated'])
  }
})

test('the SMS locale source is used by /sms/unsubscribe and /{x}/info only', () => {
  const sms = ROUTES.filter((r) => r.localeSource === 'sms')
    .map((r) => r.path)
    .sort()
  expect(sms).toEqual(['/:publicId/info', '/sms/unsubscribe'])
})

test('editors hide the support chat and use the page layout', () => {
  for (const p of [
    '/email-editor/1/edit',
    '/email-template-editor/template/1',
    '/rich-text-editor/campaign/2',
    '/flow/abc/edit',
    '/campaign/1/content/edit',
    '/mobile-in-app-editor/3',
    '/cms/editor',
  ]) {
    const r = matchRoute(p)!.route
    expect([p, r.chat, r.layout]).toEqual([p, false, 'page'])
  }
  expect(matchRoute('/flows')!.route.chat).toBeUndefined()
  expect(matchRoute('/campaign/1/wizard/content')!.route.layout).toBe('page')
  expect(matchRoute('/portfolio-wizard')!.route.layout).toBe('header')
  expect(matchRoute('/onboarding')!.route.layout).toBe('header')
  expect(matchRoute('/objects')!.route.layout).toBe('navigation')
  expect(matchRoute('/objects/build/fields/9')!.route.layout).toBe('page')
})

test('only the screens this issue builds are marked built', () => {
  expect(
    ROUTES.filter((r) => r.built)
      .map((r) => r.path)
      .sort(),
  ).toEqual(
    [
      '/account/password-reset',
      '/account/password-reset-done',
      '/account/reset-complete',
      '/account/reset/:uid/:token',
      '/dashboard',
      '/login',
      '/register',
      '/settings/account/security',
      '/support/tickets/:ticketId',
      '/token-error',
      // Lists and people (issue 3)
      '/list/:groupId/reports/growth',
      '/list/:listId',
      '/list/:listId/:slug',
      '/list/:listId/edit/:slug',
      '/list/:listId/import/upload',
      '/list/:listId/settings',
      '/lists',
      '/lists/create',
      '/lists/create/segment',
      '/lists/starred',
      '/people/subscribers',
      '/people/suppressed',
      // Downloads (issue 3, metrics)
      '/downloads/:type?',
      // Profile and metric screens (issue 3)
      '/analytics/metrics',
      '/metric/:metricId/:metricSlug',
      '/profile/:profileId/:profileEmail?',
      // Private API keys (issue 3, public API)
      '/settings/account/api-keys',
      // Users, invitations and the organization (issue 12)
      '/settings/account/users',
      '/settings/account/organization',
      '/account/create-password/:uid/:token',
      // Help and support, so that every "Contact support" link reaches a built screen (issue 12 §4)
      '/support',
      // Personal and security settings, two-factor sign-in, email confirmation (issue 12 §2)
      '/settings/account/personal',
      '/login-mfa',
      '/login-mfa-backup',
      '/mfa-reset-details',
      '/configure-mfa',
      '/configure-mfa-steps',
      '/mfa-enablement-steps',
      '/email-confirmation',
      '/email-change-confirmation',
      // Templates, the email template editor and the sent-messages viewer (issue 8 §1, §3)
      '/templates',
      '/templates/list',
      '/templates/saved-content',
      '/email-templates/create',
      '/email-template-editor/template/:templateId',
      '/email-editor/:templateId/edit',
      '/email-editor/:templateId/preview',
      '/settings/email/outbox',
      // SMS and WhatsApp settings and the public SMS unsubscribe page (issue 8 §3, §5)
      '/settings/sms',
      '/settings/whatsapp',
      '/sms/unsubscribe',
      // Push settings and outbound webhooks (issue 8 §3)
      '/settings/push-notifications',
      '/cdp/webhooks',
      '/cdp/webhooks/create',
      '/cdp/webhooks/:webhookId/edit',
      // UTM tracking settings (issue 8 §4, §5)
      '/settings/other/utm-tracking',
      // Email settings and sending domains (issue 8 §3, §5)
      '/settings/email',
      '/settings/account/domains',
      // The flow builder and the definition export it links to (issue 9 §4)
      '/flow/:flowId/edit',
      '/flow/:flowId.json',
      // The flows list, create, template library, message and evaluation reports, cross-account clone (issue 9 §4)
      '/flows',
      '/flows/create',
      '/library/flows',
      '/flow/evaluation/:actionId/reports/recipients',
      ...['overview', 'recipients', 'links', 'link/who', 'deliverability', 'conversions', 'variations'].map(
        (r) => `/flow/message/:messageId/reports/${r}`,
      ),
      ...['select', 'name', 'map', 'review'].map((s) => `/flow/:flowId/cross-account-clone/${s}`),
      // Campaigns: list and calendar, the wizard, its confirmations, omnichannel campaigns, the overview report; tags (issue 10)
      '/campaigns/:view?',
      '/campaign/:campaignId/wizard/:step?',
      '/campaign/:messageId/schedule',
      '/campaign/:messageId/scheduled',
      '/campaign/:messageId/sent',
      '/omnicampaigns',
      '/omnicampaigns/:omnicampaignId',
      '/campaign/:campaignId/reports/overview',
      '/campaign/:campaignId/reports/recipients',
      '/campaign/:campaignId/reports/conversions',
      '/campaign/:campaignId/reports/links',
      '/campaign/:campaignId/reports/link/who',
      '/campaign/:campaignId/reports/audience',
      '/campaign/:campaignId/reports/deliverability',
      '/campaign/:campaignId/reports/variations',
      '/campaign/:campaignId/reports/advanced',
      '/settings/account/tags',
      '/settings/attribution',
      '/dashboard/performance',
      '/coupons/:page?',
      '/coupons/new/:integrationKey',
      '/coupon/:couponId',
      '/uploaded-coupon/:couponId/import/file',
      '/campaigns/trends',
      '/campaigns/smartsendtime/:experimentId?',
      '/campaigns/library',
      // The catalog: overview, items, an item, a variant, categories, product feeds for ads (issue 11)
      '/catalogs',
      '/catalog/items',
      '/catalog/item/:catalogItemId',
      '/catalog/variant/:variantId',
      '/catalog/categories',
      '/catalog/product-feeds',
      '/product-feeds',
      '/product-feeds/create',
      '/product-feeds/:id/edit',
      // Catalog reports, back-in-stock settings, web feeds, a coupon's history (issue 11)
      '/catalog/reports/price-drop',
      '/catalog/reports/low-inventory/:flowId',
      '/settings/other/bis-settings',
      '/settings/other/web-feeds',
      '/coupon/:couponId/history',
      // Catalog sources, a source sync, the back-in-stock report and its scheduled reports (issue 11)
      '/catalog/sources',
      '/catalog/sources/create',
      '/catalog/sources/:syncID',
      '/catalog/back-in-stock',
      '/catalog/back-in-stock/scheduled-reports',
      // Growth tools and hosted pages: subscribe links, consent and hosted pages, list embed and forms, web tracking, form wizards (issue 20 §3)
      '/growth-tools/consent-pages',
      '/growth-tools/subscribe-links',
      '/growth-tools/subscribe-links/create',
      '/growth-tools/subscribe-links/:linkId',
      '/settings/other/consent-pages',
      '/settings/other/hosted-pages',
      '/list/:listId/embed',
      '/list/:listId/forms',
      '/list/:listId/forms/create',
      '/wizard/web-tracking',
      '/get-started/forms-create',
      '/get-started/sms-forms-setup',
      '/get-started/sms-widget-setup',
      // Form reports and A/B tests (issue 20 §2)
      '/forms/:formId/reports/overview/:experimentId?',
      '/forms/:formId/reports/tests/:experimentId?',
      // Signup form screens: listing, create, editor, view, test, test on the site, clone (issue 20 §3)
      '/forms',
      '/forms/create',
      '/forms/:formId',
      '/forms/:formId/test',
      '/forms/:formId/test/live',
      '/forms/:formId/variations/:formVersionId/edit',
      '/forms/:formId/variations/:formVersionId/view',
      '/cloning/wizard/form/:formId',
      // OAuth apps: developer screens, the consent screen, connected apps (issue 21 §4)
      '/manage-apps',
      '/manage-apps/create',
      '/manage-apps/created/:appId',
      '/manage-apps/docs',
      '/manage-apps/:appId',
      '/manage-apps/:appId/review',
      '/oauth/authorize',
      '/oauth/client/:oauthClientId?',
      // Developer tools and client diagnostics (issue 21 §4)
      '/developer-tools/dashboard',
      '/developer-tools/logs',
      '/developer-tools/logs/id/:eventId',
      '/developer-tools/metrics',
      '/developer-tools/revision-monitoring',
      '/developer-tools/sample-data-generator',
      '/client-diagnostics',
      // The app directory, CSV event upload and SFTP imports (issue 21 §3)
      '/integrations',
      '/integrations/add',
      '/integrations/:appId',
      '/integrations/:appId/details',
      '/integrations/:appId/install',
      '/integrations/:appId/preferences',
      '/integration/upload-csv',
      '/sftp/set-up',
      // The store connections' provider panels (issue 21 §1)
      '/integration/:integrationKey',
      // The customer hub's merchant screens (issue 24 §2)
      '/customer-hub',
      '/customer-hub/dashboard',
      '/customer-hub/get-started',
      '/customer-hub/onboarding/enable',
      '/customer-hub/settings/content',
      '/customer-hub/settings/design',
      '/customer-hub/settings/faq',
      '/customer-hub/settings/general',
      '/customer-hub/settings/returns',
      '/customer-hub/settings/support',
      // Customer and catalog insights, metric cohorts, RFM lists and list engagement (issue 23 §2)
      '/customer-insights/:tabName',
      '/customer-insights/cohort/:reportId',
      '/catalog-insights/:tabName',
      '/metric/:metricId/:metricSlug/cohort',
      '/lists/create-rfm/:rfmRecommendationStepId',
      '/list/:groupId/reports/engagement',
      // The activity feeds and map, list and segment growth, metric feed and profiles, list segment reports (issue 23 §2)
      '/dashboard/activity',
      '/dashboard/groups',
      '/activity-map',
      '/analytics/metrics/feed',
      '/metric/:metricId/:metricSlug/feed',
      '/metric/:metricId/:metricSlug/list',
      '/list/:groupId/reports/segment',
      '/list/:groupId/reports/segment/profiles',
      // Custom metrics and metric mapping screens on the issue 28 stores (issue 23 §2)
      '/analytics/custom-metrics',
      '/analytics/custom-metrics/create',
      '/analytics/custom-metrics/edit/:metricId',
      '/analytics/metrics/mapping',
      // Deliverability, monitors, benchmarks, goals, experiments, growth strategies, BFCM hub (issue 23 §4)
      '/analytics/deliverability',
      '/analytics/deliverability/email',
      '/analytics/deliverability/email/bounce-details',
      '/analytics/deliverability/email/performance-review',
      '/analytics/deliverability/email/reports',
      '/analytics/deliverability/email/score',
      '/analytics/deliverability/sms',
      '/analytics/monitors',
      '/analytics/monitors/alerts',
      '/analytics/monitors/create',
      '/analytics/monitors/:monitorId',
      '/analytics/monitors/:monitorId/edit',
      '/settings/monitors',
      '/analytics/benchmarks/:page?',
      '/goals',
      '/goals/:goalId',
      '/experiments',
      '/experiments/global',
      '/experiments/global/:experimentId',
      '/growth-strategies',
      '/bfcm-hub',
      // Dashboards, the report builder, the report library, curated and SMS dashboards, the analytics landing (issue 23 §1)
      '/dashboard/analytics',
      '/dashboard/analytics/:dashboardId',
      '/analytics',
      '/analytics/:analyticsTabName',
      '/analytics/curated-reports',
      '/analytics/curated-reports/sms',
      '/analytics/dashboards',
      '/analytics/dashboards/:id',
      '/analytics/report/:id',
      '/analytics/report/:reportId/history',
      '/analytics/reports',
      '/analytics/reports/create',
      '/analytics/reports/library',
      '/report-builder',
      '/report-builder/create',
      '/report-builder/:reportId/edit',
      '/report-builder/:reportId/results',
      // Predictive analytics (issue 23 §3)
      '/predictive-models/:tabName',
      // Product reviews (issue 24 §1)
      '/reviews/:slug?',
      '/reviews/dashboard',
      '/reviews/moderation',
      '/reviews/moderation/:id',
      '/reviews/products',
      '/reviews/products/:id',
      // Built in the fourth session of the round (issues 24–27)
      '/:publicId/info',
      '/sso/check-email',
      '/sso/login',
      '/login/suspicious',
      '/login-device-validation',
      '/login/saml-response/:loginType',
      '/account-disabled',
      '/account/deleted',
      '/account-disabled-temporary',
      '/account/verify-phone',
      '/account/worker/:taskId/status',
      '/account/create',
      '/account-setup',
      '/account-setup/init',
      '/account-setup/business-category',
      '/account-setup/business-focus',
      '/account-setup/choose-channel',
      '/account-setup/choose-channels',
      '/account-setup/company-website',
      '/account-setup/integration',
      '/account-setup/integration/data-sharing',
      '/account-setup/integration/sync',
      '/account-setup/list-size',
      '/account-setup/mailing-address',
      '/account-setup/platform',
      '/account-setup/sender-info',
      '/sso/setup',
      '/sso/test',
      '/sso/exemption-list',
      '/asset-library/brand',
      '/asset-library/brand/header-links',
      '/asset-library/brand/social-icons',
      '/asset-library/brand/styles',
      '/asset-library/fonts',
      '/asset-library/fonts/hosted',
      '/asset-library/fonts/custom',
      '/asset-library/fonts/web',
      '/asset-library/images',
      '/brand-library/:section/:subSection',
      '/email-editor/:templateId/edit/amp',
      '/email-template-editor/campaign/:campaignId',
      '/email-template-editor/variation/:variationId',
      '/email-template-editor/flow-message/:flowMessageId',
      '/email-template-editor/profile-campaign/:profileId/:campaignId',
      '/email-template-editor/segment-and-send/:campaignId',
      '/rich-text-editor/template/:templateId',
      '/rich-text-editor/campaign/:campaignId',
      '/rich-text-editor/flow/:flowMessageId',
      '/rich-text-editor/profile-campaign/:profileId/:campaignId',
      '/rich-text-editor/variation/:variationId',
      '/mobile-in-app-editor/:messageId',
      '/push-editor/:messageId',
      '/sms-editor/:messageId',
      '/whatsapp-template-editor/preview',
      '/whatsapp/:id/preview',
      '/email/create/with-ai',
      '/templates/themed',
      '/templates/whatsapp',
      '/template/:templateId/cross-account-clone',
      '/template/:templateId/cross-account-clone/accounts',
      '/template/:templateId/cross-account-clone/rename',
      '/template/:templateId/cross-account-clone/review',
      '/campaigns/omni-list',
      '/campaign/:campaignId/content/edit',
      '/campaign/:campaignId/content/edit/library',
      '/campaign/:campaignId/content/web-view/:templateType?',
      '/campaign/:campaignId/cross-account-clone/:step',
      '/campaign/template/:templateId/content/text',
      '/content/variation/:variationId/content/edit',
      '/content/variation/:variationId/content/edit/library',
      '/content/variation/:variationId/content/web-view/:templateType?',
      '/notification/:messageType/:messageId/:action/:recipientId?',
      '/sms/:messageType/:messageId/:action/:recipientId?',
      '/feed/:feedId',
      '/feed/:feedId/preview',
      '/feeds/new',
      '/clone-private-api-key',
      '/create-private-api-key',
      '/customer-hub/onboarding',
      '/customer-hub/onboarding/account-settings',
      '/customer-hub/onboarding/design',
      '/customer-hub/settings/extensions',
      '/customer-hub/settings/webchat',
      '/conversations/sms',
      '/inbox/conversations',
      '/inbox/customization/away_message',
      '/inbox/customization/quick_response',
      '/inbox/faq',
      '/inbox/faq/new',
      '/inbox/faq/:id',
      '/inbox/onboarding',
      '/inbox/settings/general',
      '/inbox/settings/inbound-messages',
      '/inbox/settings/quick-replies',
      '/automations/:intentId?',
      '/reviews/import/:step?',
      '/reviews/product_groups',
      '/reviews/product_groups/:id',
      '/reviews/questions',
      '/reviews/questions/:id',
      '/reviews/onboarding/:step',
      '/reviews/orders',
      '/reviews/performance',
      '/reviews/settings/:section?',
      '/reviews/unsupported',
      '/reviews/widgets',
      '/reviews/widgets/edit/:id',
      '/flows/create/with-ai',
      '/flows/generate/:flowKey',
      '/flow/playground',
      '/flow/code',
      '/flow/code/:flowId',
      '/flow/message/:messageId/content',
      '/flow/message/:messageId/content/edit',
      '/flow/message/:messageId/content/email',
      '/flow/message/:messageId/content/sms',
      '/get-started',
      '/get-started/ac-flow/launch',
      '/get-started/ws-flow/launch',
      '/get-started/add-sms-to-flows',
      '/get-started/autobranding',
      '/get-started/confirm-platform',
      '/get-started/list-setup',
      '/get-started/sms-disclosure',
      '/get-started/sms-disclosure-setup',
      '/get-started/sms-setup',
      '/get-started/sms-subscribers',
      '/get-started/list-setup/confirm/:listId',
      '/get-started/list-setup/next-actions/:listId',
      '/get-started/list-setup/opt-in-setting/:listId',
      '/get-started/segment-and-send/intro',
      '/get-started/segment-and-send/select-goal',
      '/get-started/segment-and-send/select-audience',
      '/get-started/segment-and-send/select-template',
      '/get-started/segment-and-send/template-gallery',
      '/get-started/segment-and-send/confirm',
      '/get-started/segment-and-send/waiting',
      '/get-started/segment-and-send/complete',
      '/get-started/segment-and-send/:messageId/schedule',
      '/get-started/segment-and-send/rich-text-editor/:campaignId',
      '/get-started/sms-setup/au-registration',
      '/get-started/sms-setup/nz-short-code',
      '/get-started/sms-subscribers/:platform',
      '/lists/inactive',
      '/list/:listId/:slug/progress',
      '/list/:listId/clone/:slug',
      '/list/:listId/import/history',
      '/list/:listId/members/add',
      '/list/:listId/suppressed',
      '/list/:listId/updating/monitor',
      '/list/:listId/merge-progress/:taskId',
      '/list/:groupId/export/choose-properties',
      '/list/:groupId/export/status',
      '/list/:groupId/cross-account-clone-setup/:step',
      '/litigator-upload',
      '/people/identity-explorer',
      '/people/suppressed/import',
      '/profile/:profileId/activity-log',
      '/profile/:profileId/campaigns',
      '/profile/:profileId/campaigns/create',
      '/profile/:profileId/lists-and-segments',
      '/profile/:profileId/metrics',
      '/profile/:profileId/objects',
      '/profile/:profileId/all-custom-objects/:customObjectKey',
      '/objects',
      '/objects/:buildOrEdit/:step/:objectId?',
      '/portfolio/accounts',
      '/portfolio/billing',
      '/portfolio/campaigns',
      '/portfolio/cancel',
      '/portfolio/dashboard',
      '/portfolio/dashboard/downloads',
      '/portfolio/flows',
      '/portfolio/metrics',
      '/portfolio/metrics/create',
      '/portfolio/metrics/:metricId/edit',
      '/portfolio/users',
      '/portfolio-wizard',
      '/settings/account/messaging',
      '/settings/account/opt-in-process',
      '/settings/billing/account-usage',
      '/settings/billing/create-your-plan',
      '/settings/billing/email-plans',
      '/settings/billing/manage-subscription',
      '/settings/billing/overview',
      '/settings/billing/payment-history',
      '/settings/billing/preferences',
      '/settings/billing/sms-plans',
      '/settings/billing/checkout/:planKey',
      '/settings/other/profile-maintenance',
      '/support/contact',
      '/onboarding',
      '/sms-guide/:playbookSlug?',
      '/partners-growth-review',
      '/partners-qgr',
      '/executive-business-review/reports',
      '/referrals',
      '/cancel',
      '/try-service',
      '/kagent/history',
      '/kagent/knowledge',
      '/staff/account/:companyId/create-support-ticket',
      '/staff/app-management',
      '/staff/quarterly-growth-report',
      '/staff/sms-restrictions',
      '/staff/compliance',
      '/staff/deliverability',
      '/staff/feature-flags',
      '/staff/experiments',
      '/staff/audit',
      '/staff/sync-ui',
      '/staff/sql-explorer',
      '/staff/permissions',
      // Built in the fifth session of the round (issues 24–27)
      '/email-template-editor/template/:templateId/translate',
      '/email-template-editor/campaign/:campaignId/translate',
      '/email-template-editor/variation/:variationId/translate',
      '/email-template-editor/flow-message/:flowMessageId/translate',
      '/email-template-editor/profile-campaign/:profileId/:campaignId/translate',
      '/email-template-editor/segment-and-send/:campaignId/translate',
      '/email-template-editor/universal-content/:ucType/:universalId',
      '/email-template-editor/universal-content/:ucType/:universalId/translate',
      '/cms/editor',
      '/email/pages/:pageType/:consentPageId?',
      '/list/:listId/email/pages',
      '/campaign/:campaignId/content/edit/amp',
      '/sandbox-omnicampaigns/:omnicampaignId',
      '/content/variation/:variationId/content/edit/amp',
      '/message/flow-message/web-view/:recipientId/:templateType?',
      '/cdp/code/authorize',
      '/cdp/code/create',
      '/cdp/code/dashboard',
      '/cdp/code/function/:functionId/:invocationId?',
      '/cdp/code/overview',
      '/cdp/intelligence/:tabName?',
      '/cdp/sync',
      '/cdp/sync/destinations/:destination',
      '/cdp/sync/destinations/:destination/logs',
      '/cdp/sync/destinations/:destination/sync-history',
      '/cdp/transformation/build/:transformationId?',
      '/cdp/transformation/edit/:transformationId',
      '/reviews/shopify/finalize',
      '/settings/account/testing',
      '/settings/data',
      '/kagent/overview',
      '/to/be/swapped',
      '/to/be/swapped/push',
      '/staff/plans',
    ].sort(),
  )
})

test('a sample of every section of seed 001 §2 is registered', () => {
  const samples = [
    '/account-disabled',
    '/account/worker/5/status',
    '/account-setup/integration/data-sharing',
    '/login-mfa',
    '/sso/exemption-list',
    '/dashboard/analytics/7',
    '/activity-map',
    '/analytics/benchmarks/2',
    '/analytics/custom-metrics/edit/4',
    '/analytics/deliverability/email/score',
    '/analytics/monitors/5/edit',
    '/analytics/report/9/history',
    '/metric/3/placed-order/cohort',
    '/customer-insights/cohort/4',
    '/report-builder/5/results',
    '/experiments/global/3',
    '/goals/8',
    '/bfcm-hub',
    '/asset-library/brand/social-icons',
    '/brand-library/colors/primary',
    '/campaigns/list',
    '/campaigns/smartsendtime/4',
    '/campaign/5/cross-account-clone/review',
    '/campaign/template/4/content/text',
    '/campaign/5/reports/link/who',
    '/sandbox-omnicampaigns/7',
    '/content/variation/4/content/web-view/amp',
    '/notification/push/5/preview',
    '/sms/sms/5/report/77',
    '/message/flow-message/web-view/9',
    '/email-template-editor/universal-content/block/5/translate',
    '/whatsapp/5/preview',
    '/templates/themed',
    '/template/4/cross-account-clone/rename',
    '/email/pages/unsubscribe/6',
    '/list/4/email/pages',
    '/catalog/sources/abc',
    '/catalog/reports/low-inventory/F1',
    '/product-feeds/5/edit',
    '/feed/9/preview',
    '/feeds/new',
    '/cdp/code/function/5/77',
    '/cdp/sync/destinations/s3/sync-history',
    '/cdp/transformation/build',
    '/developer-tools/logs/id/ev1',
    '/create-private-api-key',
    '/coupons/2',
    '/coupons/new/shopify',
    '/uploaded-coupon/3/import/file',
    '/customer-hub/settings/webchat',
    '/inbox/customization/away_message',
    '/inbox/faq/4',
    '/automations/intent-7',
    '/flows/generate/welcome',
    '/library/flows',
    '/flow/playground',
    '/flow/5/cross-account-clone/map',
    '/flow/evaluation/4/reports/recipients',
    '/flow/message/5/reports/link/who',
    '/forms/4/reports/tests/9',
    '/forms/4/variations/8/view',
    '/cloning/wizard/form/4',
    '/growth-tools/subscribe-links/create',
    '/get-started/ac-flow/launch',
    '/get-started/list-setup/opt-in-setting/5',
    '/get-started/segment-and-send/template-gallery',
    '/get-started/segment-and-send/5/schedule',
    '/get-started/segment-and-send/rich-text-editor/5',
    '/integration/shopify',
    '/integrations/app-1/preferences',
    '/manage-apps/created/5',
    '/oauth/client',
    '/oauth/client/abc',
    '/sftp/set-up',
    '/lists/create-rfm/2',
    '/list/5/reports/segment/profiles',
    '/list/5/cross-account-clone-setup/review',
    '/people/suppressed/import',
    '/profile/5/all-custom-objects/vehicle',
    '/portfolio/metrics/4/edit',
    '/portfolio/dashboard/downloads',
    '/reviews',
    '/reviews/widgets/edit/4',
    '/reviews/settings/syndication',
    '/reviews/shopify/finalize',
    '/settings/account/opt-in-process',
    '/settings/billing/checkout/pro',
    '/settings/other/web-feeds',
    '/settings/whatsapp',
    '/downloads',
    '/downloads/csv',
    '/support/contact',
    '/sms-guide/welcome',
    '/executive-business-review/reports',
    '/kagent/knowledge',
    '/to/be/swapped/push',
    '/litigator-upload',
    '/wizard/web-tracking',
    '/try-service',
  ]
  expect(samples.filter((p) => !matchRoute(p))).toEqual([])
})
