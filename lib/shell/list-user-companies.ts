// The accounts a user can switch between (their memberships), marking the current one.
import { db } from '@/lib/db/client'

export async function listUserCompanies(userId: number, currentCompanyId: number) {
  const rows = await db.membership.findMany({
    where: { userId },
    include: { company: { select: { id: true, name: true, avatarColor: true } } },
    orderBy: [{ isFavorite: 'desc' }, { id: 'asc' }],
  })
  return rows.map((m) => ({
    id: m.company.id,
    name: m.company.name,
    avatarColor: m.company.avatarColor,
    role: m.role,
    isCurrent: m.companyId === currentCompanyId,
  }))
}
