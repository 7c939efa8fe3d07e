// GET /ajax/account/users/get: the account's users (active) and pending invitations (invited),
// with role, last sign-in and what the asking user may do to each row.
import { db } from '@/lib/db/client'
import { isRole, ROLE_LABELS } from '@/lib/auth/roles'
import { assignableRoles, canEditHolderOf } from './role-rules'

export interface AccountUserRow {
  email: string
  firstName: string
  lastName: string
  role: string
  roleLabel: string
  status: 'active' | 'invited'
  userId: number | null
  invitationId: number | null
  lastLoginAt: string | null
  invitedAt: string | null
  invitationExpiresAt: string | null
  invitationExpired: boolean
  isCurrentUser: boolean
  canChangeRole: boolean
  canRemove: boolean
}

export async function listAccountUsers(
  viewer: { companyId: number; userId: number; resources: ReadonlySet<string> },
  now = new Date(),
) {
  const { companyId } = viewer
  const [members, invitations] = await Promise.all([
    db.membership.findMany({ where: { companyId }, include: { user: true }, orderBy: { id: 'asc' } }),
    db.invitation.findMany({ where: { companyId, acceptedAt: null, revokedAt: null }, orderBy: { id: 'asc' } }),
  ])
  const owners = members.filter((m) => m.role === 'owner').length
  const canGrantAny = assignableRoles(viewer.resources).length > 0
  const label = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role)
  const memberEmails = new Set(members.map((m) => m.user.email))

  const rows: AccountUserRow[] = members.map((m) => {
    const editable = canEditHolderOf(viewer.resources, m.role)
    const lastOwner = m.role === 'owner' && owners <= 1
    return {
      email: m.user.email,
      firstName: m.user.firstName,
      lastName: m.user.lastName,
      role: m.role,
      roleLabel: label(m.role),
      status: 'active',
      userId: m.userId,
      invitationId: null,
      lastLoginAt: m.user.lastLoginAt?.toISOString() ?? null,
      invitedAt: null,
      invitationExpiresAt: null,
      invitationExpired: false,
      isCurrentUser: m.userId === viewer.userId,
      canChangeRole: editable && canGrantAny && !lastOwner,
      canRemove: editable && !lastOwner,
    }
  })
  for (const inv of invitations) {
    if (memberEmails.has(inv.email)) continue
    const editable = canEditHolderOf(viewer.resources, inv.role)
    rows.push({
      email: inv.email,
      firstName: '',
      lastName: '',
      role: inv.role,
      roleLabel: label(inv.role),
      status: 'invited',
      userId: null,
      invitationId: inv.id,
      lastLoginAt: null,
      invitedAt: inv.sentAt.toISOString(),
      invitationExpiresAt: inv.expiresAt.toISOString(),
      invitationExpired: inv.expiresAt <= now,
      isCurrentUser: false,
      canChangeRole: editable && canGrantAny,
      canRemove: editable,
    })
  }
  return { users: rows, ownerCount: owners, assignableRoles: assignableRoles(viewer.resources) }
}

export type ListAccountUsersResponse = Awaited<ReturnType<typeof listAccountUsers>>
