// The properties a metric's recent events carry, as the dimension triples of seed 002 §3.5
// ([value, label, type]); the built-in value comes first. Properties unique per event (an order
// id) are left out: a breakdown by them would have one series per event.
import { sql } from 'kysely'
import { metricRefOrThrow } from './get-metric'
import { pickTypes, sampledPropertyTypes, type PropertyType } from './property-types'
import { uniquePerEventProperties } from './unique-per-event-properties'

/** How many of the newest events are sampled for property names. */
export const DIMENSION_SAMPLE = 1000

export type DimensionTriple = [value: string, label: string, type: PropertyType]

export async function listMetricDimensions(
  companyId: number,
  metricId: string,
): Promise<{ dimensions: DimensionTriple[] }> {
  const metric = await metricRefOrThrow(companyId, metricId)
  const sample = () => sql<{ properties: string }>`select properties from "Event"
    where "companyId" = ${companyId} and "metricId" = ${metric.id} order by ts desc limit ${DIMENSION_SAMPLE}`
  const [rows, unique] = await Promise.all([sampledPropertyTypes(sample()), uniquePerEventProperties(sample())])
  const dims: DimensionTriple[] = [['$value', '$value', 'number']]
  for (const p of pickTypes(rows)) if (p.name !== '$value' && !unique.has(p.name)) dims.push([p.name, p.name, p.type])
  return { dimensions: dims }
}
