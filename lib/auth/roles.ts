// Role → resources. Seed 000 §6 lists the roles; their mapping is ours (the seeds do not
// show one), modelled on what each job needs. Analysts read everything but hold neither
// user management nor billing (issue 2 §4).
import { RESOURCES, type Resource } from './resources'

export const ROLES = ['owner', 'admin', 'manager', 'analyst', 'campaign_coordinator', 'content_creator', 'support'] as const
export type Role = (typeof ROLES)[number]

const ALL: readonly Resource[] = RESOURCES

const isWrite = (r: Resource) => /_write$|_create$|_move$|_clone_delete$|_backpopulate$|_undelete_|_ai_write$/.test(r)
const READ_ONLY: Resource[] = ALL.filter((r) => !isWrite(r))

const USER_AND_BILLING: Resource[] = ['account_users_read', 'account_users_write', 'billing_read', 'billing_write']
const SENSITIVE: Resource[] = [...USER_AND_BILLING, 'api_keys_read', 'api_keys_write', 'account_security_page', 'staff_consent_write']

export const ROLE_RESOURCES: Record<Role, readonly Resource[]> = {
  owner: ALL,
  admin: ALL,
  manager: ALL.filter((r) => !USER_AND_BILLING.includes(r) || r === 'billing_read'),
  analyst: READ_ONLY.filter((r) => !SENSITIVE.includes(r) && r !== 'metrics_export_pii'),
  campaign_coordinator: READ_ONLY.filter((r) => !SENSITIVE.includes(r)).concat(
    ['campaigns_write', 'templates_write', 'flows_write', 'flows_content_write', 'forms_write', 'groups_write'] as Resource[]),
  content_creator: (['dashboard', 'base', 'library', 'templates_read', 'templates_write', 'assets_write',
    'campaigns_read', 'flows_read', 'flows_content_write', 'forms_read', 'catalog_read', 'account_info_personal'] as Resource[]),
  support: (['dashboard', 'base', 'profile_read', 'groups_read', 'groups_read_detail', 'metrics_read',
    'sms_conversations_read', 'support_portal_read', 'account_info_personal'] as Resource[]),
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner', admin: 'Admin', manager: 'Manager', analyst: 'Analyst',
  campaign_coordinator: 'Campaign Coordinator', content_creator: 'Content Creator', support: 'Support',
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

export function resourcesForRole(role: string): Resource[] {
  return isRole(role) ? [...ROLE_RESOURCES[role]] : []
}
