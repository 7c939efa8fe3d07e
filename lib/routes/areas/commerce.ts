// Seed 001 §2.10 (coupons), §2.11 (customer hub), §2.12 (conversations and inbox), §2.19 (reviews).
import { defineArea, PAGE } from '../define-route'

const coupons = defineArea('coupons', { required: ['coupons_read'] })
// The seed gives no resource for the customer hub: any member may open it.
const hub = defineArea('customer-hub')
const conversations = defineArea('inbox', { required: ['sms_conversations_read'] })
const inboxSettings = defineArea('inbox', { required: ['sms_conversations_read', 'sms_conversations_settings_read'] })
const automations = defineArea('automations', { required: ['automations_read', 'sms_conversations_read'] })
const reviews = defineArea('reviews', { flag: 'is_reviews_enabled', required: ['reviews_read'] })

const HUB_SETTINGS = ['content', 'design', 'extensions', 'faq', 'general', 'returns', 'support', 'webchat']
const HUB_SETTINGS_BUILT = ['content', 'design', 'extensions', 'faq', 'general', 'returns', 'support', 'webchat']
const REVIEW_LISTS = ['moderation', 'product_groups', 'products', 'questions']
const REVIEW_LISTS_BUILT = ['moderation', 'product_groups', 'products', 'questions']

export const COMMERCE_ROUTES = [
  coupons('/coupons/:page?', { built: true }),
  coupons('/coupons/new/:integrationKey', { built: true }),
  coupons('/coupon/:couponId', { built: true }),
  coupons('/coupon/:couponId/history', { built: true }),
  coupons('/uploaded-coupon/:couponId/import/file', { built: true }),

  hub('/customer-hub', { built: true }),
  hub('/customer-hub/dashboard', { built: true }),
  hub('/customer-hub/get-started', { built: true }),
  hub('/customer-hub/onboarding', { ...PAGE, built: true }),
  hub('/customer-hub/onboarding/account-settings', { ...PAGE, built: true }),
  hub('/customer-hub/onboarding/design', { ...PAGE, built: true }),
  hub('/customer-hub/onboarding/enable', { ...PAGE, built: true }),
  ...HUB_SETTINGS.map((s) => hub(`/customer-hub/settings/${s}`, { built: HUB_SETTINGS_BUILT.includes(s) })),

  conversations('/conversations/sms', { built: true }),
  conversations('/inbox/conversations', { built: true }),
  conversations('/inbox/customization/away_message', { built: true }),
  conversations('/inbox/customization/quick_response', { built: true }),
  conversations('/inbox/faq', { built: true }),
  conversations('/inbox/faq/new', { built: true }),
  conversations('/inbox/faq/:id', { built: true }),
  conversations('/inbox/onboarding', { ...PAGE, built: true }),
  inboxSettings('/inbox/settings/general', { built: true }),
  inboxSettings('/inbox/settings/inbound-messages', { built: true }),
  inboxSettings('/inbox/settings/quick-replies', { built: true }),
  automations('/automations/:intentId?', { built: true }),

  // /reviews/{slug?} is the reviews home; the named pages below win over the slug.
  // (/reviews itself is the dashboard; other slugs still reach the not-available screen)
  reviews('/reviews/:slug?', { built: true }),
  reviews('/reviews/dashboard', { built: true }),
  reviews('/reviews/import/:step?', { ...PAGE, built: true }),
  ...REVIEW_LISTS.flatMap((l) => {
    const built = REVIEW_LISTS_BUILT.includes(l)
    return [reviews(`/reviews/${l}`, { built }), reviews(`/reviews/${l}/:id`, { built })]
  }),
  reviews('/reviews/onboarding/:step', { ...PAGE, built: true }),
  reviews('/reviews/orders', { built: true }),
  reviews('/reviews/performance', { built: true }),
  // Two settings sections are fixed redirects (billing-plans, google-shopping, §2.22); proxy.ts
  // applies those before this parameter route is matched.
  reviews('/reviews/settings/:section?', { built: true }),
  // Not behind the reviews flag: this is the step that turns it on.
  reviews('/reviews/shopify/finalize', { ...PAGE, flag: undefined, built: true }),
  reviews('/reviews/unsupported', { built: true }),
  reviews('/reviews/widgets', { built: true }),
  reviews('/reviews/widgets/edit/:id', { layout: 'page', chat: false, built: true }),
]
