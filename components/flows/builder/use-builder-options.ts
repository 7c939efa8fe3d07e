'use client'
// The option lists of the builder's panels: lists and segments (GET /ajax/lists/simple?type=0|1),
// metrics (/ajax/data/metrics), profile properties (/ajax/people/properties), a metric's event
// properties (/ajax/data/metric/{id}/dimensions) and email templates (/ajax/email-templates, as the
// /templates screen reads them). Each loads once per page.
import useSWR from 'swr'
import { http } from '@/lib/client/http'
import { templatesApi } from '@/components/templates/api'

export interface Option {
  id: string
  name: string
}
const OPTIONS = { revalidateOnFocus: false, dedupingInterval: 60_000 }
const raw = { transformKeys: false } as const

export function useGroupOptions(type: 0 | 1) {
  return useSWR(
    ['/ajax/lists/simple', type] as const,
    ([url, t]) =>
      http
        .get<Array<{ id: string; name: string }>>(url, { ...raw, params: { type: t } })
        .then((r) => r.data.map(({ id, name }) => ({ id, name }))),
    OPTIONS,
  )
}

export function useMetricOptions() {
  return useSWR(
    '/ajax/data/metrics',
    (url: string) =>
      http.get<{ metrics: Option[] }>(url, raw).then((r) => r.data.metrics.map(({ id, name }) => ({ id, name }))),
    OPTIONS,
  )
}

export function usePropertyOptions() {
  return useSWR(
    '/ajax/people/properties',
    (url: string) =>
      http
        .get<{ properties: Array<{ name: string; type: string; builtIn: boolean }> }>(url, raw)
        .then((r) => r.data.properties),
    OPTIONS,
  )
}

export function useEventProperties(metricId: string | null | undefined) {
  return useSWR(
    metricId ? `/ajax/data/metric/${encodeURIComponent(metricId)}/dimensions` : null,
    (url: string) =>
      http
        .get<{ dimensions: Array<[string, string, string]> }>(url, raw)
        .then((r) => r.data.dimensions.map(([name, , type]) => ({ name, type }))),
    OPTIONS,
  )
}

export function useTemplateOptions() {
  return useSWR(
    'flow-builder-templates',
    () =>
      templatesApi
        .list({ page_size: 100, sort: 'name' })
        .then((p) => p.templates.map(({ id, name }) => ({ id, name }))),
    OPTIONS,
  )
}

/** A name for an id from a loaded option list (the id itself until the list is there). */
export const nameOf = (options: Option[] | undefined, id: string | null | undefined) =>
  id ? (options?.find((o) => o.id === id)?.name ?? id) : ''
