// Seed 001 §2.21: other areas and the internal staff tools.
import type { StaffResource } from '@/lib/auth/resources'
import { defineArea } from '../define-route'

const downloads = defineArea('downloads')
const support = defineArea('support')
const onboarding = defineArea('onboarding')
const partners = defineArea('partners', { required: ['quarterly_growth_report_read'] })
const referrals = defineArea('referrals')
const billing = defineArea('billing', { required: ['billing_read'] })
const agent = defineArea('agent', { required: ['sms_conversations_read'] })
const messaging = defineArea('campaigns', { required: ['campaigns_read'] })
const staff = defineArea('staff', { access: 'staff' })

// The staff paths the seed names, and one page per staff tool it lists ("the full staff path
// list is not shown"), each behind its own staff resource.
const STAFF_TOOLS: [string, StaffResource][] = [
  ['/staff/app-management', 'staff_app_management'],
  ['/staff/quarterly-growth-report', 'staff_quarterly_growth_report'],
  ['/staff/sms-restrictions', 'staff_sms_restrictions'],
  ['/staff/compliance', 'staff_compliance'],
  ['/staff/deliverability', 'staff_deliverability'],
  ['/staff/feature-flags', 'staff_feature_flags'],
  ['/staff/experiments', 'staff_experiments'],
  ['/staff/audit', 'staff_audit'],
  ['/staff/sync-ui', 'staff_sync_ui'],
  ['/staff/sql-explorer', 'staff_sql_explorer'],
  ['/staff/permissions', 'staff_permissions'],
  // Plans as data (issue 26 §1): the operator edits prices, allowances and tiers.
  ['/staff/plans', 'staff_billing'],
]

export const OTHER_ROUTES = [
  downloads('/downloads/:type?', { built: true }),
  support('/support', { built: true }),
  support('/support/contact', { built: true }),
  support('/support/tickets/:ticketId', { flag: 'support_ticket_dashboard_enabled', built: true }),
  onboarding('/onboarding', { layout: 'header', built: true }),
  onboarding('/sms-guide/:playbookSlug?', { built: true }),
  partners('/partners-growth-review', { built: true }),
  partners('/partners-qgr', { built: true }),
  partners('/executive-business-review/reports', { built: true }),
  referrals('/referrals', { required: ['billing_read'], built: true }),
  // /tags is listed here by the seed but is also a fixed redirect to /settings/account/tags
  // (§2.22): the redirect wins, so it is deliberately not a route.
  billing('/cancel', { layout: 'page', built: true }),
  billing('/try-service', { built: true }),
  agent('/kagent/history', { built: true }),
  agent('/kagent/knowledge', { built: true }),
  agent('/kagent/overview', { built: true }),
  messaging('/to/be/swapped', { built: true }),
  messaging('/to/be/swapped/push', { built: true }),

  staff('/staff/account/:companyId/create-support-ticket', {
    staffRequired: ['staff_support_tickets_write'],
    built: true,
  }),
  ...STAFF_TOOLS.map(([path, resource]) => staff(path, { staffRequired: [resource], built: true })),
]
