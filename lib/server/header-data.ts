// The header's data for a signed-in principal: who, where, and which accounts they can switch to.
import 'server-only'
import { db } from '@/lib/db/client'
import type { Principal } from '@/lib/auth/principal'
import type { HeaderData } from '@/components/shell/header'

export async function getHeaderData(p: Principal): Promise<HeaderData> {
  const memberships = await db.membership.findMany({
    where: { userId: p.userId },
    include: { company: { select: { id: true, name: true, avatarColor: true } } },
    orderBy: [{ isFavorite: 'desc' }, { companyId: 'asc' }],
  })
  const companies = memberships.map((m) => m.company)
  if (p.staffAccess && !companies.some((c) => c.id === p.companyId)) {
    companies.unshift({ id: p.company.id, name: p.company.name, avatarColor: p.company.avatarColor })
  }
  return {
    companyId: p.companyId,
    companyName: p.company.name,
    userName: [p.user.firstName, p.user.lastName].filter(Boolean).join(' ') || p.user.email,
    userEmail: p.user.email,
    photoUrl: p.user.photoUrl,
    role: p.role,
    isStaff: p.user.isStaff,
    staffAccess: p.staffAccess,
    companies,
  }
}
