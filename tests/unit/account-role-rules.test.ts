// The role-edit rules (seed 002 §6): who may give, change and take away each role.
import { ROLES, ROLE_RESOURCES, resourcesForRole } from '@/lib/auth/roles'
import { assignableRoles, checkRoleChange, LAST_OWNER } from '@/lib/account/role-rules'

const held = (role: string) => new Set<string>(resourcesForRole(role))

test('owners give every role, admins every role but owner, the others none', () => {
  expect(assignableRoles(held('owner'))).toEqual([...ROLES])
  expect(assignableRoles(held('admin'))).toEqual(ROLES.filter((r) => r !== 'owner'))
  for (const role of ['manager', 'analyst', 'campaign_coordinator', 'content_creator', 'support']) {
    expect({ role, roles: assignableRoles(held(role)) }).toEqual({ role, roles: [] })
    expect(ROLE_RESOURCES[role as 'manager'].some((r) => r.startsWith('role_edit_'))).toBe(false)
  }
})

test.each([
  ['admin makes an owner', 'admin', null, 'owner', 2, false],
  ['admin demotes an owner', 'admin', 'owner', 'manager', 2, false],
  ['admin removes an owner', 'admin', 'owner', null, 2, false],
  ['admin promotes an analyst to admin', 'admin', 'analyst', 'admin', 1, true],
  ['owner makes an owner', 'owner', 'analyst', 'owner', 1, true],
  ['owner demotes the last owner', 'owner', 'owner', 'admin', 1, false],
  ['owner removes the last owner', 'owner', 'owner', null, 1, false],
  ['owner demotes one of two owners', 'owner', 'owner', 'admin', 2, true],
  ['an unknown role is refused', 'owner', null, 'emperor', 1, false],
  ['a manager changes nobody', 'manager', 'support', 'analyst', 1, false],
] as const)('%s', (_name, actor, from, to, owners, allowed) => {
  expect(checkRoleChange(held(actor), from, to, owners).allowed).toBe(allowed)
})

test('the last-owner rule names itself', () => {
  expect(checkRoleChange(held('owner'), 'owner', null, 1)).toEqual({
    allowed: false,
    field: 'role',
    reason: LAST_OWNER,
  })
})
