// The metric whose events are orders: the account's attribution conversion metric, else the
// metric named "Placed Order" (the vendor models predictive analytics on Placed Order).
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { attributionSettingsOps, DEFAULT_CONVERSION_METRIC } from '@/lib/attribution/settings'

export async function findOrderMetricId(companyId: number): Promise<string | null> {
  const cfg = (await read(attributionSettingsOps([companyId]))).get(companyId)!
  const q = kysely().selectFrom('Metric').select('id').where('companyId', '=', companyId)
  const row = await read(
    selectFirst(
      cfg.conversionMetricId
        ? q.where('id', '=', cfg.conversionMetricId)
        : q.where('name', '=', DEFAULT_CONVERSION_METRIC),
    ),
  )
  return row?.id ?? null
}
