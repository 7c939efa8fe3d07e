'use client'
// What the builder's selects offer: the account's metrics, its custom profile properties and its
// static lists. Each loads once per page and is shared by every condition row.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import type { ValueType } from '@/lib/segments/definition'

export interface MetricOption {
  id: string
  name: string
}
export interface PropertyOption {
  name: string
  type: ValueType
}
export interface ListOption {
  id: string
  name: string
}

/** Types as GET /ajax/people/properties reports them (inferred from stored JSON). */
type StoredType = 'string' | 'number' | 'boolean' | 'date' | 'list' | 'object'
const VALUE_TYPE: Record<StoredType, ValueType | null> = {
  string: 'text',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  list: 'list',
  object: null,
}

const OPTIONS = { revalidateOnFocus: false, dedupingInterval: 60_000 }

export function useMetricOptions() {
  return useSWR(
    '/ajax/data/metrics',
    (url: string) =>
      http.get<{ metrics: MetricOption[] }>(url).then((r) => r.data.metrics.map(({ id, name }) => ({ id, name }))),
    OPTIONS,
  )
}

/** Custom properties only (the built-in fields are the definition's own list); objects cannot be compared. */
export function toPropertyOptions(
  properties: Array<{ name: string; type: StoredType; builtIn?: boolean }>,
): PropertyOption[] {
  return properties.flatMap((p) => {
    const type = VALUE_TYPE[p.type]
    return p.builtIn || !type || p.name.includes('"') ? [] : [{ name: p.name, type }]
  })
}

export function usePropertyOptions() {
  // Property names are data (a merchant's own keys): no key transformation.
  return useSWR(
    '/ajax/people/properties',
    (url: string) =>
      http
        .get<{ properties: Array<{ name: string; type: StoredType; builtIn: boolean }> }>(url, { transformKeys: false })
        .then((r) => toPropertyOptions(r.data.properties)),
    OPTIONS,
  )
}

export function useListOptions() {
  return useSWR(
    ['/ajax/lists/simple', 0] as const,
    ([url, type]) =>
      http.get<ListOption[]>(url, { params: { type } }).then((r) => r.data.map(({ id, name }) => ({ id, name }))),
    OPTIONS,
  )
}

/** Property names of a metric's recent events, for the filter suggestions ([value, label, type] triples). */
export function useMetricDimensions(metricId: string) {
  return useSWR(
    metricId ? `/ajax/data/metric/${encodeURIComponent(metricId)}/dimensions` : null,
    (url: string) =>
      http
        .get<{ dimensions: Array<[string, string, StoredType]> }>(url, { transformKeys: false })
        .then((r) => r.data.dimensions.map(([name, , type]) => ({ name, type: VALUE_TYPE[type] }))),
    OPTIONS,
  )
}

export interface CountryValue {
  value: string
  code: string | null
  count: number
}

/** The countries written on profiles (with the ISO code each stands for), for the country condition. */
export function useCountryOptions(enabled = true) {
  return useSWR(
    enabled ? '/ajax/people/countries' : null,
    (url: string) =>
      http.get<{ countries: CountryValue[] }>(url, { transformKeys: false }).then((r) => r.data.countries),
    OPTIONS,
  )
}
