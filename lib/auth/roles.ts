// Role → resources. Seed 000 §6 lists the roles; their mapping is ours (the seeds do not
// show one), modelled on what each job needs. Analysts read everything but hold neither
// user management nor billing (issue 2 §4).
//
// The roles, as documented sets of resources (lib/auth/resources.ts):
// - owner: everything, including billing, users and the power to make or remove owners.
// - admin: everything an owner holds except role_edit_owner: an admin manages users but cannot
//   make, change or remove an owner.
// - manager: everything except user management (account_users_*, role_edit_*) and billing;
//   runs the marketing and the account's settings. Only owners and admins see billing (issue 26 §3).
// - analyst: every read resource except the sensitive ones (users, billing, API keys, security,
//   staff consent, role edits) and personal data in exports (metrics_export_pii); writes nothing.
// - campaign_coordinator: what an analyst reads (personal exports included) plus writing
//   campaigns, templates, flows, forms and lists.
// - content_creator: templates, assets and flow content, with read access to campaigns, flows,
//   forms and the catalog.
// - support: profiles, lists and metrics read only, and the conversations inbox, read and answered.
// Which roles a user may grant or change is decided by the role_edit_* resources
// (lib/account/role-rules.ts): owners hold all seven, admins all but role_edit_owner.
import { RESOURCES, type Resource } from './resources'

export const ROLES = [
  'owner',
  'admin',
  'manager',
  'analyst',
  'campaign_coordinator',
  'content_creator',
  'support',
] as const
export type Role = (typeof ROLES)[number]

const ALL: readonly Resource[] = RESOURCES

const isWrite = (r: Resource) => /_write$|_create$|_move$|_clone_delete$|_backpopulate$|_undelete_|_ai_write$/.test(r)
const READ_ONLY: Resource[] = ALL.filter((r) => !isWrite(r))

const USER_AND_BILLING: Resource[] = ['account_users_read', 'account_users_write', 'billing_read', 'billing_write']
export const ROLE_EDIT_RESOURCES = [
  'role_edit_owner',
  'role_edit_admin',
  'role_edit_manager',
  'role_edit_analyst',
  'role_edit_campaign_coordinator',
  'role_edit_content_creator',
  'role_edit_support',
] as const satisfies readonly Resource[]
const ROLE_EDIT: Resource[] = [...ROLE_EDIT_RESOURCES]
const SENSITIVE: Resource[] = [
  ...USER_AND_BILLING,
  ...ROLE_EDIT,
  'api_keys_read',
  'api_keys_write',
  'account_security_page',
  'staff_consent_write',
]

export const ROLE_RESOURCES: Record<Role, readonly Resource[]> = {
  owner: ALL,
  admin: ALL.filter((r) => r !== 'role_edit_owner'),
  manager: ALL.filter((r) => !USER_AND_BILLING.includes(r) && !ROLE_EDIT.includes(r)),
  analyst: READ_ONLY.filter((r) => !SENSITIVE.includes(r) && r !== 'metrics_export_pii'),
  campaign_coordinator: READ_ONLY.filter((r) => !SENSITIVE.includes(r)).concat([
    'campaigns_write',
    'templates_write',
    'flows_write',
    'flows_content_write',
    'forms_write',
    'groups_write',
  ] as Resource[]),
  content_creator: [
    'dashboard',
    'base',
    'library',
    'templates_read',
    'templates_write',
    'assets_write',
    'campaigns_read',
    'flows_read',
    'flows_content_write',
    'forms_read',
    'catalog_read',
    'account_info_personal',
  ] as Resource[],
  support: [
    'dashboard',
    'base',
    'profile_read',
    'groups_read',
    'groups_read_detail',
    'metrics_read',
    'sms_conversations_read',
    'sms_conversations_write',
    'support_portal_read',
    'account_info_personal',
  ] as Resource[],
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
  analyst: 'Analyst',
  campaign_coordinator: 'Campaign Coordinator',
  content_creator: 'Content Creator',
  support: 'Support',
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

/** The resource that lets a user grant, change or take away this role. */
export function roleEditResource(role: Role): Resource {
  return `role_edit_${role}` as Resource
}

export function resourcesForRole(role: string): Resource[] {
  return isRole(role) ? [...ROLE_RESOURCES[role]] : []
}

/** Whether users of the role may hold API keys (keys of a user who loses it are revoked). */
export const roleHoldsKeys = (role: string) => resourcesForRole(role).includes('api_keys_write')
