// Permission resources: the one list that the route registry, the handler wrapper and the
// browser's usePermission all read. Names come from seed 001 §6 and seed 002 §6; the
// account-settings, billing and API-key resources are ours where the seeds name only the family.
export const RESOURCES = [
  // Analytics and metrics
  'ca_reports_view',
  'metrics_read',
  'custom_metrics_read',
  'custom_metrics_write',
  'metric_mapping_read',
  'message_statistics_read',
  'metrics_export',
  'metrics_export_pii',
  // Assets and content
  'assets_write',
  'templates_read',
  'templates_write',
  'base',
  'library',
  // Automation and conversations
  'automations_read',
  'sms_conversations_read',
  // Ours: answering in the inbox (reading is seed 001's sms_conversations_read).
  'sms_conversations_write',
  'sms_conversations_settings_read',
  'atlas_read',
  'atlas_write',
  // Campaigns and multi-account
  'campaigns_read',
  'campaigns_write',
  'multi_account_portfolio_read',
  'portfolio_account_overview',
  // Catalog
  'catalog_read',
  'catalog_write',
  'back_in_stock_read',
  'scheduled_reports_read',
  'low_inventory_read',
  'price_drop_read',
  // Data platform
  'integrations_read',
  'integrations_write',
  'data_transform_read',
  'outbound_webhooks_read',
  // Coupons and exports
  'coupons_read',
  'coupons_write',
  'exports_emails',
  // Feeds, flows, forms, goals
  'feeds_read',
  'feeds_write',
  'flows_read',
  'flows_write',
  'flows_create',
  'flows_tab_view',
  'flows_action_status_write',
  'flows_ai_write',
  'flows_backpopulate',
  'flows_changelog_read',
  'flows_components_clone_delete',
  'flows_components_create',
  'flows_components_move',
  'flows_content_write',
  'flows_email_settings_write',
  'flows_reporting',
  'flows_reporting_export_recipients',
  'flows_triggers_filters_write',
  'flows_undelete_message_action',
  'forms_read',
  'forms_write',
  'goals_read',
  // Growth and reviews
  'growth_strategies_read',
  'growth_tools_read',
  'experiments_read',
  'reviews_read',
  // Moderating reviews: publish, reject, feature, reply (ours; the seed names only reviews_read)
  'reviews_write',
  'bfcm_hub_read',
  // Lists and people
  'groups_read',
  'groups_read_detail',
  'groups_write',
  'profile_read',
  'profile_write',
  // Apps and authentication
  'applications_read',
  'applications_write',
  'oauth_company_integration_write',
  'oauth_client_read',
  'account_info_organization',
  'account_info_personal',
  'account_security_page',
  // Account settings, users, billing, keys (seed 002 §6 names these families)
  'account_settings_read',
  'account_settings_write',
  'account_users_read',
  'account_users_write',
  'billing_read',
  'billing_write',
  'api_keys_read',
  'api_keys_write',
  'sms_settings_read',
  'push_settings_read',
  'data_preferences_write',
  'attribution_settings_read',
  'staff_consent_write',
  // Role-edit permissions (seed 002 §6): who may grant, change or take away each role. Changing a
  // user from role A to role B needs both role_edit_A and role_edit_B (lib/account/role-rules.ts).
  'role_edit_owner',
  'role_edit_admin',
  'role_edit_manager',
  'role_edit_analyst',
  'role_edit_campaign_coordinator',
  'role_edit_content_creator',
  'role_edit_support',
  // Other
  'dashboard',
  'quarterly_growth_report_read',
  'company_objectives_read',
  'sftp_read',
  'support_portal_read',
] as const

export type Resource = (typeof RESOURCES)[number]

/** Resources held only by provider staff (User.staffResources). */
export const STAFF_RESOURCES = [
  'staff_base',
  'staff_accounts_read',
  'staff_support_tickets_write',
  'staff_app_management',
  'staff_quarterly_growth_report',
  'staff_sms_restrictions',
  'staff_compliance',
  'staff_deliverability',
  'staff_feature_flags',
  'staff_experiments',
  'staff_audit',
  'staff_sync_ui',
  'staff_sql_explorer',
  'staff_permissions',
  // Plans and their assignment to accounts (issue 26: without a Stripe key, staff assign plans).
  'staff_billing',
] as const

export type StaffResource = (typeof STAFF_RESOURCES)[number]
