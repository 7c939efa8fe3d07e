// A metric's properties as the vendor's metric-property resources: each property its events
// carry, with the type we infer for breakdowns (property-types.ts), and a few sample values.
// The vendor's ids are opaque; ours encode the metric and the property name, so one can be
// looked up without a table and never outlives the property.
import { sql } from 'kysely'
import { DIMENSION_SAMPLE } from './list-metric-dimensions'
import { metricRefOrThrow } from './get-metric'
import { pickTypes, sampledPropertyTypes, type PropertyType } from './property-types'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'

export interface MetricProperty {
  id: string
  metricId: string
  property: string
  inferredType: string
}

const VENDOR_TYPE: Record<PropertyType, string> = {
  string: 'String',
  number: 'Number',
  boolean: 'Boolean',
  date: 'Date',
  list: 'List',
  object: 'Object',
}

export const metricPropertyId = (metricId: string, property: string) =>
  Buffer.from(JSON.stringify([metricId, property])).toString('base64url')

export function parseMetricPropertyId(id: string): { metricId: string; property: string } | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(id, 'base64url').toString('utf8'))
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string')
      return { metricId: v[0], property: v[1] }
  } catch {
    // not one of ours
  }
  return null
}

const newest = (companyId: number, metricId: string) => sql<{
  properties: string
  value: number | null
}>`select properties, value from "Event"
  where "companyId" = ${companyId} and "metricId" = ${metricId} order by ts desc limit ${DIMENSION_SAMPLE}`

/** 404 (AppError) when the metric is not the company's. $value first, then by how often seen. */
export async function listMetricProperties(companyId: number, metricId: string): Promise<MetricProperty[]> {
  const metric = await metricRefOrThrow(companyId, metricId)
  const types = pickTypes(await sampledPropertyTypes(newest(companyId, metric.id)))
  const out: MetricProperty[] = [
    { id: metricPropertyId(metric.id, '$value'), metricId: metric.id, property: '$value', inferredType: 'Number' },
  ]
  for (const t of types) {
    if (t.name === '$value') continue
    out.push({
      id: metricPropertyId(metric.id, t.name),
      metricId: metric.id,
      property: t.name,
      inferredType: VENDOR_TYPE[t.type],
    })
  }
  return out
}

/** One property by its id; null when the id, the metric or the property is unknown to the company. */
export async function getMetricProperty(companyId: number, id: string): Promise<MetricProperty | null> {
  const ref = parseMetricPropertyId(id)
  if (!ref) return null
  try {
    return (await listMetricProperties(companyId, ref.metricId)).find((p) => p.property === ref.property) ?? null
  } catch (e) {
    if ((e as { status?: number }).status === 404) return null
    throw e
  }
}

/** Up to ten distinct values of each property among the newest events (one read for all). */
export async function sampleValues(
  companyId: number,
  metricId: string,
  props: MetricProperty[],
): Promise<Map<string, unknown[]>> {
  const rows = await read(select(newest(companyId, metricId).compile(kysely())))
  const seen = new Map(props.map((p) => [p.property, new Map<string, unknown>()]))
  for (const r of rows) {
    let parsed: Record<string, unknown> = {}
    try {
      parsed = (JSON.parse(r.properties) as Record<string, unknown>) ?? {}
    } catch {
      parsed = {}
    }
    for (const [name, values] of seen) {
      const v = name === '$value' ? r.value : parsed[name]
      if (v == null || typeof v === 'object' || values.size >= 10) continue
      values.set(JSON.stringify(v), v)
    }
  }
  return new Map([...seen].map(([name, values]) => [name, [...values.values()]]))
}
