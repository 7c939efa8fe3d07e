// /staff/audit: the staff trail, newest first, optionally for one account or one staff member.
import { z } from 'zod'
import { db } from '@/lib/db/client'

export const staffAuditQuery = z.object({
  companyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  staffUserId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})

export async function listStaffAudit(q: z.infer<typeof staffAuditQuery>, pageSize = 50) {
  const rows = await db.staffAuditEntry.findMany({
    where: {
      ...(q.companyId ? { companyId: q.companyId } : {}),
      ...(q.staffUserId ? { staffUserId: q.staffUserId } : {}),
      ...(q.before ? { id: { lt: q.before } } : {}),
    },
    orderBy: { id: 'desc' },
    take: pageSize + 1,
  })
  const page = rows.slice(0, pageSize)
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(page.map((r) => r.staffUserId))] } },
    select: { id: true, email: true },
  })
  const email = new Map(users.map((u) => [u.id, u.email]))
  return {
    entries: page.map((r) => ({
      id: r.id,
      staffUserId: r.staffUserId,
      staffEmail: email.get(r.staffUserId) ?? null,
      companyId: r.companyId,
      action: r.action,
      details: JSON.parse(r.details) as unknown,
      ip: r.ip,
      createdAt: r.createdAt,
    })),
    nextBefore: rows.length > pageSize ? page[page.length - 1]!.id : null,
  }
}
