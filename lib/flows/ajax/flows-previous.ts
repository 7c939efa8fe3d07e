// GET /ajax/flows/list/previous/ – the list's figures for the comparison period (comparisonPeriod:
// previous_period = the same length just before, previous_year = a year earlier), per flow.
import { z } from 'zod'
import { camelQuery, filteredFlows, listFlowsQuery } from './flows-list'
import { comparisonOf, conversionMetricId, flowFigures, lastDays } from './flows-stats'

export const previousFlowsQuery = camelQuery(
  z.object({
    comparisonPeriod: z
      .enum(['previous_period', 'previous_year'], 'comparisonPeriod must be previous_period or previous_year.')
      .default('previous_period'),
    ids: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .optional(),
  }),
).and(listFlowsQuery)

export async function previousFlowFigures(companyId: number, q: z.infer<typeof previousFlowsQuery>, now = new Date()) {
  const { flows } = await filteredFlows(companyId, q)
  const wanted = q.ids?.length ? flows.filter((f) => q.ids!.includes(f.id)) : flows
  const period = comparisonOf(lastDays(q.timeframeDays, now), q.comparisonPeriod)
  const figures = await flowFigures(
    companyId,
    wanted.map((f) => f.id),
    period,
    await conversionMetricId(companyId, q.conversionMetricId),
  )
  return {
    comparisonPeriod: q.comparisonPeriod,
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    flows: Object.fromEntries([...figures].map(([id, f]) => [id, f])),
  }
}
