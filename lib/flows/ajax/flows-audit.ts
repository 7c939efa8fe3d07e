// GET /ajax/flow/audit/{id} – the flow's audit log, newest first, paged: every save (version,
// added/removed/changed actions), status change, details change, archive, recover, clone and holdout change, with who.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { getAjaxFlow } from './flows-common'
import { camelQuery } from './flows-list'

export const auditQuery = camelQuery(
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
)

export async function flowAuditLog(companyId: number, flowId: string, q: z.infer<typeof auditQuery>) {
  await getAjaxFlow(companyId, flowId)
  const [rows, total] = await Promise.all([
    db.flowAudit.findMany({
      where: { companyId, flowId },
      orderBy: { id: 'desc' },
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
    }),
    db.flowAudit.count({ where: { companyId, flowId } }),
  ])
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.userId).filter((u): u is number => u != null))] } },
    select: { id: true, email: true, firstName: true, lastName: true },
  })
  const byId = new Map(users.map((u) => [u.id, u]))
  return {
    entries: rows.map((r) => {
      const u = r.userId != null ? byId.get(r.userId) : undefined
      return {
        id: r.id,
        action: r.action,
        at: r.at.toISOString(),
        version: r.version,
        detail: JSON.parse(r.detail) as unknown,
        user: u ? { id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email, email: u.email } : null,
      }
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  }
}
