// GET /api/metrics: 200 per page by id, filtered by integration name or category.
import { db } from '@/lib/db/client'
import { decodeCursor, nextLink } from '../cursor'
import { keysetOrder, keysetWhere, pageOf } from '../keyset'
import { filterParam, sparseFields, stringValues } from '../query-params'
import { METRIC_FIELDS, integrationOf, serializeMetric } from '../serialize-metric'

const PAGE = 200

export async function listMetricsPage(companyId: number, url: URL) {
  const fields = sparseFields(url, 'metric', METRIC_FIELDS)
  const conds = filterParam(url, { 'integration.name': ['equals'], 'integration.category': ['equals'] })
  const after = keysetWhere('id', false, decodeCursor(url.searchParams.get('page[cursor]')))
  const all = await db.metric.findMany({ where: { companyId, ...(after ?? {}) }, orderBy: keysetOrder('id', false) })
  // Integration names are derived (display names), so this filter runs in memory; an account
  // has tens of metrics, not thousands.
  const rows = all.filter((m) =>
    conds.every((c) => {
      const want = stringValues(c.value, c.field)[0]!.toLowerCase()
      const integ = integrationOf(m)
      return c.field === 'integration.name'
        ? integ.name.toLowerCase() === want || integ.key.toLowerCase() === want
        : integ.category.toLowerCase() === want
    }),
  )
  const { page, next } = pageOf(rows.slice(0, PAGE + 1), PAGE, 'id', (m) => m.id)
  return {
    data: page.map((m) => serializeMetric(url, m, fields)),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
  }
}
