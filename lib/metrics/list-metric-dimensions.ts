// The properties a metric's recent events carry, as the dimension triples of seed 002 §3.5
// ([value, label, type]); the built-in value comes first.
import { prep } from '@/lib/db/sqlite'
import { metricRefOrThrow } from './get-metric'
import { JSON_TYPE_SQL, pickTypes, type PropertyType } from './property-types'

/** How many of the newest events are sampled for property names. */
export const DIMENSION_SAMPLE = 1000

export type DimensionTriple = [value: string, label: string, type: PropertyType]

export async function listMetricDimensions(companyId: number, metricId: string): Promise<{ dimensions: DimensionTriple[] }> {
  const metric = metricRefOrThrow(companyId, metricId)
  const rows = prep(`SELECT j.key AS key, ${JSON_TYPE_SQL} AS type, COUNT(*) AS n
    FROM (SELECT properties FROM Event WHERE companyId = ? AND metricId = ? ORDER BY ts DESC LIMIT ${DIMENSION_SAMPLE}) ev,
      json_each(CASE WHEN NOT json_valid(ev.properties) THEN '{}' WHEN json_type(ev.properties) = 'object' THEN ev.properties ELSE '{}' END) j
    GROUP BY j.key, type`).all(companyId, metric.id) as Array<{ key: string; type: PropertyType | null; n: number }>
  const dims: DimensionTriple[] = [['$value', '$value', 'number']]
  for (const p of pickTypes(rows)) if (p.name !== '$value') dims.push([p.name, p.name, p.type])
  return { dimensions: dims }
}
