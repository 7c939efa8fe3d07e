// GET /ajax/flows/updaters/?ids=a,b – who last changed each flow, and when (from the audit log).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { camelQuery } from './flows-list'

export const updatersQuery = camelQuery(
  z.object({
    ids: z
      .string()
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.string()).max(200, 'At most 200 ids.'))
      .default([]),
  }),
)

export async function flowUpdaters(companyId: number, ids: string[]) {
  const flows = ids.length
    ? await db.flow.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, updatedAt: true } })
    : []
  const audits = flows.length
    ? await db.flowAudit.findMany({
        where: { companyId, flowId: { in: flows.map((f) => f.id) }, userId: { not: null } },
        orderBy: { id: 'desc' },
      })
    : []
  const last = new Map<string, (typeof audits)[number]>()
  for (const a of audits) if (!last.has(a.flowId)) last.set(a.flowId, a)
  const users = await db.user.findMany({
    where: { id: { in: [...new Set([...last.values()].map((a) => a.userId!))] } },
    select: { id: true, email: true, firstName: true, lastName: true },
  })
  const byId = new Map(users.map((u) => [u.id, u]))
  const updaters: Record<string, { userId: number; name: string; email: string; action: string; at: string } | null> =
    {}
  for (const id of ids) updaters[id] = null
  for (const f of flows) {
    const a = last.get(f.id)
    const u = a ? byId.get(a.userId!) : undefined
    updaters[f.id] =
      a && u
        ? {
            userId: u.id,
            name: `${u.firstName} ${u.lastName}`.trim() || u.email,
            email: u.email,
            action: a.action,
            at: a.at.toISOString(),
          }
        : null
  }
  return { updaters }
}
