// Seed 001 §2.5 (assets and brand) and §2.7 (editors and templates).
import { defineArea, EDITOR, PAGE } from '../define-route'

const assets = defineArea('assets', { required: ['templates_read'] })
const brand = defineArea('brand', { required: ['templates_read'] })
const templates = defineArea('templates', { required: ['templates_read'] })
const editors = defineArea('editors', { ...EDITOR, required: ['templates_read'] })
const amp = { flag: 'amp' } as const

// The three font sources of §2.5 (a hosted font service, custom uploads, a web-font service);
// the seed does not give their path names, these are ours.
const FONT_SOURCES = ['hosted', 'custom', 'web']

// Email-template editor targets of §2.7; each has a translate view.
const TEMPLATE_EDITOR_TARGETS = [
  '/email-template-editor/template/:templateId',
  '/email-template-editor/campaign/:campaignId',
  '/email-template-editor/variation/:variationId',
  '/email-template-editor/flow-message/:flowMessageId',
  '/email-template-editor/profile-campaign/:profileId/:campaignId',
  '/email-template-editor/segment-and-send/:campaignId',
  '/email-template-editor/universal-content/:ucType/:universalId',
]
const BUILT_EDITORS = [
  '/email-template-editor/template/:templateId',
  '/email-template-editor/campaign/:campaignId',
  '/email-template-editor/variation/:variationId',
  '/email-template-editor/flow-message/:flowMessageId',
  '/email-template-editor/profile-campaign/:profileId/:campaignId',
  '/email-template-editor/segment-and-send/:campaignId',
  '/email-template-editor/universal-content/:ucType/:universalId',
]

export const ASSET_ROUTES = [
  assets('/asset-library/brand', { built: true }),
  assets('/asset-library/brand/header-links', { built: true }),
  assets('/asset-library/brand/social-icons', { built: true }),
  assets('/asset-library/brand/styles', { built: true }),
  assets('/asset-library/fonts', { built: true }),
  ...FONT_SOURCES.map((s) => assets(`/asset-library/fonts/${s}`, { built: true })),
  assets('/asset-library/images', { built: true }),
  brand('/brand-library/:section/:subSection', { built: true }),

  editors('/email-editor/:templateId/edit', { built: true }),
  editors('/email-editor/:templateId/edit/amp', { ...amp, built: true }),
  editors('/email-editor/:templateId/preview', { built: true }),
  ...TEMPLATE_EDITOR_TARGETS.flatMap((p) => [
    editors(p, BUILT_EDITORS.includes(p) ? { built: true } : {}),
    editors(`${p}/translate`, { built: true }),
  ]),
  editors('/rich-text-editor/template/:templateId', { built: true }),
  editors('/rich-text-editor/campaign/:campaignId', { built: true }),
  editors('/rich-text-editor/flow/:flowMessageId', { built: true }),
  editors('/rich-text-editor/profile-campaign/:profileId/:campaignId', { built: true }),
  editors('/rich-text-editor/variation/:variationId', { built: true }),
  editors('/mobile-in-app-editor/:messageId', { built: true }),
  editors('/push-editor/:messageId', { built: true }),
  editors('/sms-editor/:messageId', { built: true }),
  editors('/whatsapp-template-editor/preview', { built: true }),
  editors('/whatsapp/:id/preview', { built: true }),
  editors('/cms/editor', { built: true }),
  editors('/email/create/with-ai', { built: true }),

  templates('/email-templates/create', { ...PAGE, built: true }),
  templates('/templates', { built: true }),
  templates('/templates/list', { built: true }),
  templates('/templates/saved-content', { built: true }),
  templates('/templates/themed', { built: true }),
  templates('/templates/whatsapp', { built: true }),
  templates('/template/:templateId/cross-account-clone', { ...PAGE, built: true }),
  templates('/template/:templateId/cross-account-clone/accounts', { ...PAGE, built: true }),
  templates('/template/:templateId/cross-account-clone/rename', { ...PAGE, built: true }),
  templates('/template/:templateId/cross-account-clone/review', { ...PAGE, built: true }),
  // The recipient's hosted pages (signed link, no sign-in): route handlers in lib/messaging/unsubscribe.
  templates('/email/pages/:pageType/:consentPageId?', { access: 'public', layout: 'none', built: true }),
  templates('/list/:listId/email/pages', { access: 'public', layout: 'none', built: true }),
]
