// GET /ajax/portfolio/{id}/flows (/portfolio/flows): every visible account's flows with their
// status, trigger and attributed revenue (all time), most recently changed first.
import { z } from 'zod'
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { FLOW_STATUS, flowStatusName, type FlowStatusName } from '@/lib/flows/store'
import { portfolioScope } from './access'

export const flowsAcrossQuery = z.object({
  status: z.enum(Object.keys(FLOW_STATUS) as [FlowStatusName, ...FlowStatusName[]]).optional(),
  perAccount: z.coerce.number().int().min(1).max(100).default(20),
})

async function flowsOf(companyId: number, q: z.infer<typeof flowsAcrossQuery>) {
  const k = kysely()
  let base = k
    .selectFrom('Flow')
    .select(['id', 'name', 'status', 'triggerType', 'updatedAt'])
    .where('companyId', '=', companyId)
    .where('archived', '=', false)
  if (q.status) base = base.where('status', '=', FLOW_STATUS[q.status])
  const flows = await read(select(base.orderBy('updatedAt', 'desc').limit(q.perAccount)))
  if (!flows.length) return []
  const revenue = await read(
    select(
      k
        .selectFrom('EventAttribution')
        .select(['flowId', sql<number>`coalesce(sum(${sql.ref('value')}), 0)`.as('v'), sql<number>`count(*)`.as('n')])
        .where('companyId', '=', companyId)
        .where(
          'flowId',
          'in',
          flows.map((f) => f.id),
        )
        .groupBy('flowId'),
    ),
  )
  const rev = new Map(revenue.map((r) => [r.flowId, r]))
  return flows.map((f) => ({
    id: f.id,
    name: f.name,
    status: flowStatusName(Number(f.status)),
    triggerType: f.triggerType,
    updatedAt: new Date(f.updatedAt).toISOString(),
    revenue: Number(rev.get(f.id)?.v ?? 0),
    conversions: Number(rev.get(f.id)?.n ?? 0),
  }))
}

export async function portfolioFlows(userId: number, portfolioId: number, q: z.infer<typeof flowsAcrossQuery>) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  const out = []
  for (const a of accounts)
    out.push({ companyId: a.companyId, name: a.name, currency: a.currency, flows: await flowsOf(a.companyId, q) })
  return { accounts: out }
}
