// Who may grant, change or take away which role (seed 002 §6 role-edit permissions). Changing a
// user from role A to role B needs account_users_write, role_edit_A and role_edit_B, so an admin
// (no role_edit_owner) can neither make an owner nor demote or remove one. The last owner of an
// account can never be demoted or removed, whoever asks.
import { AppError } from '@/lib/errors/app-error'
import { isRole, ROLES, roleEditResource, type Role } from '@/lib/auth/roles'

export const LAST_OWNER = 'An account needs at least one owner. Make someone else an owner first.'
export const ROLE_NOT_ALLOWED = 'You do not have permission to give this role.'
export const USER_NOT_EDITABLE = 'You do not have permission to change this user.'

/** The roles this set of resources may grant. */
export function assignableRoles(resources: ReadonlySet<string>): Role[] {
  if (!resources.has('account_users_write')) return []
  return ROLES.filter((r) => resources.has(roleEditResource(r)))
}

/** Whether these resources may touch a user who holds `role` (change or remove them). */
export function canEditHolderOf(resources: ReadonlySet<string>, role: string): boolean {
  if (!resources.has('account_users_write')) return false
  // A membership with a role we do not know (left over from an older version) is owner business.
  return resources.has(isRole(role) ? roleEditResource(role) : 'role_edit_owner')
}

export type RoleChangeCheck = { allowed: true } | { allowed: false; field: 'role' | 'email'; reason: string }

/** The role-edit rule for one change; `ownerCount` is the account's current number of owners. */
export function checkRoleChange(
  resources: ReadonlySet<string>,
  from: string | null,
  to: string | null,
  ownerCount: number,
): RoleChangeCheck {
  if (from !== null && !canEditHolderOf(resources, from))
    return { allowed: false, field: 'email', reason: USER_NOT_EDITABLE }
  if (to !== null && (!isRole(to) || !assignableRoles(resources).includes(to)))
    return { allowed: false, field: 'role', reason: ROLE_NOT_ALLOWED }
  if (from === 'owner' && to !== 'owner' && ownerCount <= 1)
    return { allowed: false, field: 'role', reason: LAST_OWNER }
  return { allowed: true }
}

export function assertRoleChange(
  resources: ReadonlySet<string>,
  from: string | null,
  to: string | null,
  ownerCount: number,
): void {
  const check = checkRoleChange(resources, from, to, ownerCount)
  if (check.allowed) return
  const status = check.reason === LAST_OWNER ? 400 : 403
  throw new AppError(status === 400 ? 'invalid' : 'permission_denied', status, check.reason, {
    [check.field]: [check.reason],
  })
}
