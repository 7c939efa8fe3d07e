// /portfolio/metrics, /create, /{metricId}/edit: a metric named once for the portfolio
// ("Placed Order") and mapped to one metric of each account (accounts name theirs differently:
// "Order Completed", "Placed Order (Shopify)"). Every mapping is checked on write (the account is
// one of the portfolio's visible ones, the metric is that account's) and filtered on read (an
// account the user left drops out).
import { z } from 'zod'
import { sql } from 'kysely'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { badRequest, notFound, type FieldErrors } from '@/lib/errors/app-error'
import { portfolioScope } from './access'

export const portfolioMetricBody = z.object({
  name: z.string().trim().min(1, 'Give the metric a name.').max(120),
  mappings: z
    .array(z.object({ companyId: z.coerce.number().int().positive(), metricId: z.string().trim().min(1).max(64) }))
    .max(500)
    .default([]),
})
export type PortfolioMetricInput = z.infer<typeof portfolioMetricBody>

const DAYS = 30

/** Each visible account's metrics, for the create and edit screens' pickers. */
export async function metricOptions(userId: number, portfolioId: number) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  const metrics = accounts.length
    ? await db.metric.findMany({
        where: { companyId: { in: accounts.map((a) => a.companyId) } },
        select: { id: true, name: true, companyId: true },
        orderBy: { name: 'asc' },
      })
    : []
  return {
    accounts: accounts.map((a) => ({
      companyId: a.companyId,
      name: a.name,
      metrics: metrics.filter((m) => m.companyId === a.companyId).map((m) => ({ id: m.id, name: m.name })),
    })),
  }
}

async function checkMappings(accounts: Array<{ companyId: number }>, input: PortfolioMetricInput) {
  const visible = new Set(accounts.map((a) => a.companyId))
  const errors: FieldErrors = {}
  const seen = new Set<number>()
  for (const [i, m] of input.mappings.entries()) {
    if (!visible.has(m.companyId))
      (errors[`mappings.${i}.companyId`] ??= []).push('That account is not in the portfolio.')
    else if (seen.has(m.companyId)) (errors[`mappings.${i}.companyId`] ??= []).push('One metric per account.')
    else {
      const ok = await db.metric.findFirst({ where: { companyId: m.companyId, id: m.metricId }, select: { id: true } })
      if (!ok) (errors[`mappings.${i}.metricId`] ??= []).push('That account has no such metric.')
    }
    seen.add(m.companyId)
  }
  if (Object.keys(errors).length) throw badRequest('Some mappings are not valid.', errors)
}

async function assertNameFree(portfolioId: number, name: string, exceptId?: number) {
  const other = await db.portfolioMetric.findFirst({
    where: { portfolioId, name, NOT: exceptId ? { id: exceptId } : undefined },
  })
  if (other) throw badRequest('The portfolio already has a metric with that name.', { name: ['Choose another name.'] })
}

export async function createPortfolioMetric(userId: number, portfolioId: number, input: PortfolioMetricInput) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  await checkMappings(accounts, input)
  await assertNameFree(portfolioId, input.name)
  const m = await db.portfolioMetric.create({
    data: { portfolioId, name: input.name, mappings: { create: input.mappings } },
  })
  return getPortfolioMetric(userId, portfolioId, m.id)
}

export async function updatePortfolioMetric(
  userId: number,
  portfolioId: number,
  metricId: number,
  input: PortfolioMetricInput,
) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  await metricRow(portfolioId, metricId)
  await checkMappings(accounts, input)
  await assertNameFree(portfolioId, input.name, metricId)
  // Mappings of accounts the user no longer sees are kept: they come back if the role does.
  const visible = accounts.map((a) => a.companyId)
  await db.$transaction([
    db.portfolioMetric.update({ where: { id: metricId }, data: { name: input.name } }),
    db.portfolioMetricMap.deleteMany({ where: { portfolioMetricId: metricId, companyId: { in: visible } } }),
    db.portfolioMetricMap.createMany({ data: input.mappings.map((m) => ({ ...m, portfolioMetricId: metricId })) }),
  ])
  return getPortfolioMetric(userId, portfolioId, metricId)
}

export async function deletePortfolioMetric(userId: number, portfolioId: number, metricId: number) {
  await portfolioScope(userId, portfolioId)
  await metricRow(portfolioId, metricId)
  await db.portfolioMetric.delete({ where: { id: metricId } })
  return { deleted: true }
}

async function metricRow(portfolioId: number, metricId: number) {
  const m = await db.portfolioMetric.findFirst({ where: { id: metricId, portfolioId }, include: { mappings: true } })
  if (!m) throw notFound('No such portfolio metric.')
  return m
}

/** Events of each mapped metric over the last 30 days: one grouped query per account (its index). */
async function countsOf(mappings: Array<{ companyId: number; metricId: string }>, now: Date) {
  const since = Math.floor(now.getTime() / 1000) - DAYS * 86_400
  const out = new Map<string, number>()
  for (const m of mappings) {
    const r = await read(
      select(
        kysely()
          .selectFrom('Event')
          .select(sql<number>`count(*)`.as('n'))
          .where('companyId', '=', m.companyId)
          .where('metricId', '=', m.metricId)
          .where('ts', '>=', since),
      ),
    )
    out.set(`${m.companyId}:${m.metricId}`, Number(r[0]?.n ?? 0))
  }
  return out
}

async function view(
  accounts: Array<{ companyId: number; name: string }>,
  m: { id: number; name: string; mappings: Array<{ companyId: number; metricId: string }> },
  now: Date,
) {
  const visible = new Map(accounts.map((a) => [a.companyId, a.name]))
  const mappings = m.mappings.filter((x) => visible.has(x.companyId))
  const names = new Map(
    (
      await db.metric.findMany({
        where: { OR: mappings.map((x) => ({ companyId: x.companyId, id: x.metricId })) },
        select: { id: true, name: true },
      })
    ).map((x) => [x.id, x.name]),
  )
  const counts = await countsOf(mappings, now)
  return {
    id: m.id,
    name: m.name,
    mappings: mappings.map((x) => ({
      companyId: x.companyId,
      accountName: visible.get(x.companyId)!,
      metricId: x.metricId,
      metricName: names.get(x.metricId) ?? null,
      events30d: counts.get(`${x.companyId}:${x.metricId}`) ?? 0,
    })),
    unmappedAccounts: accounts.filter((a) => !mappings.some((x) => x.companyId === a.companyId)).map((a) => a.name),
  }
}

export async function getPortfolioMetric(userId: number, portfolioId: number, metricId: number, now = new Date()) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  return view(accounts, await metricRow(portfolioId, metricId), now)
}

export async function listPortfolioMetrics(userId: number, portfolioId: number, now = new Date()) {
  const { accounts } = await portfolioScope(userId, portfolioId)
  const rows = await db.portfolioMetric.findMany({
    where: { portfolioId },
    include: { mappings: true },
    orderBy: { name: 'asc' },
  })
  const metrics = []
  for (const m of rows) metrics.push(await view(accounts, m, now))
  return { metrics }
}
