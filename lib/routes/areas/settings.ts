// Seed 001 §2.20 (settings). Most settings pages use permission sets (any one held shows the
// page, §6); user management, billing and API keys need their own resources, which the
// Analyst role does not hold (issue 2 §4).
import { defineArea } from '../define-route'

const settings = defineArea('settings', { partial: ['account_settings_read'] })
const billing = defineArea('billing', { required: ['billing_read'] })

const BILLING_PAGES = [
  'account-usage',
  'create-your-plan',
  'email-plans',
  'manage-subscription',
  'overview',
  'payment-history',
  'preferences',
  'sms-plans',
]

export const SETTINGS_ROUTES = [
  settings('/settings/account/api-keys', { partial: undefined, required: ['api_keys_read'], built: true }),
  settings('/settings/account/domains', { built: true }),
  settings('/settings/account/messaging', { built: true }),
  settings('/settings/account/opt-in-process', { partial: ['account_settings_read', 'groups_write'], built: true }),
  settings('/settings/account/organization', { partial: ['account_info_organization'], built: true }),
  settings('/settings/account/personal', { partial: ['account_info_personal'], built: true }),
  // Also the staff-consent screen (seed 000 §2: grant and revoke staff access). Every user's own
  // two-factor sign-in and sessions live here, so every role opens it (account_info_personal is
  // held by all); the owner-only parts inside check their own resources (issue 30 §7).
  settings('/settings/account/security', { partial: ['account_info_personal'], built: true }),
  settings('/settings/account/tags', { built: true }),
  settings('/settings/account/testing', { built: true }),
  settings('/settings/account/users', { partial: undefined, required: ['account_users_read'], built: true }),
  settings('/settings/attribution', { partial: ['attribution_settings_read', 'account_settings_read'], built: true }),

  ...BILLING_PAGES.map((p) => billing(`/settings/billing/${p}`, { built: true })),
  billing('/settings/billing/checkout/:planKey', { layout: 'page', built: true }),

  settings('/settings/data', { partial: ['account_settings_read', 'data_preferences_write'], built: true }),
  settings('/settings/email', { built: true }),
  // The sent-messages viewer (issue 8 §3): the local outbox and every Send of the company.
  settings('/settings/email/outbox', { partial: undefined, required: ['templates_read', 'profile_read'], built: true }),
  settings('/settings/monitors', { partial: ['metrics_read', 'account_settings_read'], built: true }),
  settings('/settings/other/bis-settings', { partial: ['back_in_stock_read', 'account_settings_read'], built: true }),
  settings('/settings/other/consent-pages', { built: true }),
  settings('/settings/other/hosted-pages', { built: true }),
  settings('/settings/other/profile-maintenance', { partial: ['profile_write', 'account_settings_read'], built: true }),
  settings('/settings/other/utm-tracking', { built: true }),
  settings('/settings/other/web-feeds', { partial: ['feeds_read', 'account_settings_read'], built: true }),
  settings('/settings/push-notifications', { partial: ['push_settings_read', 'account_settings_read'], built: true }),
  settings('/settings/sms', { partial: ['sms_settings_read', 'account_settings_read'], built: true }),
  settings('/settings/whatsapp', { partial: ['sms_settings_read', 'account_settings_read'], built: true }),
]
