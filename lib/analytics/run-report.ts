// The report builder's engine: a definition (report-definition.ts) compiled onto the one metric
// query engine (lib/metrics/run-metric-query.ts), so a report, the metric chart and
// /api/metric-aggregates count alike on SQLite and PostgreSQL. Dimensions become the engine's
// `by` (event properties as they are, profile properties through the profile breakdown,
// campaign/flow through $message mapped to names here); a time group is the engine's buckets.
// Totals are their own query without `by`, because uniques and list breakdowns do not add up.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { ATTRIBUTION_DIMENSION_PREFIX, PROFILE_DIMENSION_PREFIX } from '@/lib/metrics/breakdown-sql'
import { firstEventAt } from '@/lib/metrics/get-metric'
import { runMetricQuery, type Measurement } from '@/lib/metrics/run-metric-query'
import { bucketRange, resolveTimeframe, type Bucket, type TimeRange } from '@/lib/metrics/timeframe'
import { formatZonedIso, isValidTimeZone } from '@/lib/metrics/zoned-time'
import { MESSAGE_PROPERTY, messageLabels, sourceLabels } from './message-dimensions'
import { requestPropertyRollup } from './property-rollup-job'
import type { ReportDefinition, ReportGroupBy } from './report-definition'
import { resolveSource, type SourcePart } from './report-sources'

export interface ReportColumn {
  key: string
  label: string
  kind: 'dimension' | 'time' | 'measurement' | 'previous' | 'change'
}

export type ReportCell = string | number | null

export interface ReportResult {
  source: string
  columns: ReportColumn[]
  rows: ReportCell[][]
  /** The chart: one line per shown group (at most SERIES_LINES) and measurement, over the buckets. */
  series: { dates: string[]; lines: Array<{ name: string; measurement: Measurement; data: number[] }> }
  totals: Partial<Record<Measurement, number>>
  previousTotals?: Partial<Record<Measurement, number>>
  range: { start: string; end: string }
  previousRange?: { start: string; end: string }
  /** Groups found; only `limit` of them (the largest) are in rows. */
  groups: number
  truncated: boolean
}

export interface RunReportOptions {
  now?: Date
  timeZone?: string
  onProgress?: (percent: number) => Promise<void> | void
}

const SERIES_LINES = 10
const MEASUREMENT_LABEL: Record<Measurement, string> = { count: 'Count', unique: 'Unique', sum_value: 'Value' }

interface Group {
  dimensions: Array<string | null>
  measurements: Partial<Record<Measurement, number[]>>
}

const round = (n: number) => Math.round(n * 1e6) / 1e6
// Code-point order: the same on every machine's locale.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function engineBy(g: ReportGroupBy, messages: boolean): string | null {
  switch (g.type) {
    case 'event_property':
      return g.name
    case 'profile_property':
      return PROFILE_DIMENSION_PREFIX + g.name
    case 'campaign':
    case 'flow':
      if (messages) return MESSAGE_PROPERTY
      return ATTRIBUTION_DIMENSION_PREFIX + (g.type === 'campaign' ? 'campaignId' : 'flowId')
    case 'time':
      return null
  }
}

export function dimensionLabel(g: ReportGroupBy): string {
  switch (g.type) {
    case 'event_property':
      return g.name
    case 'profile_property':
      return `Profile: ${g.name}`
    case 'campaign':
      return 'Campaign'
    case 'flow':
      return 'Flow'
    case 'time':
      return g.granularity === 'daily' ? 'Day' : g.granularity === 'weekly' ? 'Week' : 'Month'
  }
}

/** Adds rows with equal dimensions (the parts of a custom metric, messages of one campaign). */
function merge(into: Map<string, Group>, rows: Group[], measurements: readonly Measurement[], n: number) {
  for (const r of rows) {
    const key = JSON.stringify(r.dimensions)
    let g = into.get(key)
    if (!g) {
      g = {
        dimensions: r.dimensions,
        measurements: Object.fromEntries(measurements.map((m) => [m, new Array<number>(n).fill(0)])),
      }
      into.set(key, g)
    }
    for (const m of measurements) {
      const a = g.measurements[m]!
      const b = r.measurements[m] ?? []
      for (let i = 0; i < n; i++) a[i] = round(a[i]! + (b[i] ?? 0))
    }
  }
}

async function runParts(
  companyId: number,
  parts: SourcePart[],
  def: ReportDefinition,
  buckets: Bucket[],
  by: string[],
): Promise<Group[]> {
  const out = new Map<string, Group>()
  for (const p of parts) {
    const query = {
      companyId,
      metricId: p.metricId,
      buckets,
      measurements: def.measurements,
      where: [...p.where, ...def.filters],
      by,
    }
    const rows = await runMetricQuery(query)
    await requestPropertyRollup(query)
    merge(out, rows, def.measurements, buckets.length)
  }
  return [...out.values()]
}

function resolveRange(def: ReportDefinition, timeZone: string, now: Date, earliest: Date | null): TimeRange {
  try {
    return resolveTimeframe(def.timeframe.range, {
      timeZone,
      now,
      start: def.timeframe.start,
      end: def.timeframe.end,
      earliest,
    })
  } catch (e) {
    // The timeframe's own errors name start/end; the definition's field is timeframe.start/end.
    if (e instanceof AppError && e.fieldErrors)
      throw new AppError(
        e.code,
        e.status,
        e.message,
        Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`timeframe.${k}`, v])),
      )
    throw e
  }
}

async function companyTimeZone(companyId: number): Promise<string> {
  const c = await db.company.findFirst({ where: { id: companyId }, select: { timezone: true } })
  return c?.timezone && isValidTimeZone(c.timezone) ? c.timezone : 'UTC'
}

const totalsOf = (groups: Group[], measurements: readonly Measurement[]) =>
  Object.fromEntries(measurements.map((m) => [m, round(groups[0]?.measurements[m]?.[0] ?? 0)]))

export async function runReport(
  companyId: number,
  def: ReportDefinition,
  opts: RunReportOptions = {},
): Promise<ReportResult> {
  const now = opts.now ?? new Date()
  const timeZone = opts.timeZone ?? (await companyTimeZone(companyId))
  const progress = opts.onProgress ?? (() => {})
  const source = await resolveSource(companyId, def.source)
  const timeGroup = def.groupBy.find((g) => g.type === 'time')
  const dims = def.groupBy.filter((g) => g.type !== 'time')
  const messages = def.source.type === 'messages'
  const by = dims.map((d) => engineBy(d, messages)) as string[]

  let earliest: Date | null = null
  if (def.timeframe.range === 'alltime')
    for (const p of source.parts) {
      const t = await firstEventAt(companyId, p.metricId)
      if (t && (!earliest || t < earliest)) earliest = t
    }
  const range = resolveRange(def, timeZone, now, earliest)
  const buckets = bucketRange(range, timeGroup?.granularity ?? 'alltime', timeZone, 0, 'groupBy')
  await progress(10)

  let groups = await runParts(companyId, source.parts, def, buckets, by)
  await progress(50)
  for (const [k, d] of dims.entries()) {
    if (d.type !== 'campaign' && d.type !== 'flow') continue
    const values = groups.map((g) => g.dimensions[k] ?? null)
    const labels = messages
      ? await messageLabels(companyId, d.type, values)
      : await sourceLabels(companyId, d.type, values)
    const relabelled = groups.map((g) => ({
      ...g,
      dimensions: g.dimensions.map((v, i) => (i === k ? (v === null ? null : (labels.get(v) ?? '(unknown)')) : v)),
    }))
    const merged = new Map<string, Group>()
    merge(merged, relabelled, def.measurements, buckets.length)
    groups = [...merged.values()]
  }

  const first = def.measurements[0]!
  const sum = (g: Group, m: Measurement) => (g.measurements[m] ?? []).reduce((a, b) => a + b, 0)
  // Largest first; a group without any value (unattributed orders, no such property) goes last.
  const unset = (g: Group) => (g.dimensions.length > 0 && g.dimensions.every((d) => d === null) ? 1 : 0)
  groups.sort(
    (a, b) =>
      unset(a) - unset(b) ||
      sum(b, first) - sum(a, first) ||
      cmp(JSON.stringify(a.dimensions), JSON.stringify(b.dimensions)),
  )
  const shown = dims.length ? groups.slice(0, def.limit) : groups

  const whole = bucketRange(range, 'alltime', timeZone)
  const totals =
    dims.length || timeGroup
      ? totalsOf(await runParts(companyId, source.parts, def, whole, []), def.measurements)
      : totalsOf(groups, def.measurements)
  await progress(75)

  let previous: Map<string, Group> | null = null
  let previousTotals: ReportResult['previousTotals']
  let previousRange: TimeRange | null = null
  if (def.compare) {
    previousRange = { start: range.start - (range.end - range.start), end: range.start }
    const prevWhole = bucketRange(previousRange, 'alltime', timeZone)
    const prevGroups = dims.length ? await runParts(companyId, source.parts, def, prevWhole, by) : []
    previous = new Map()
    merge(previous, prevGroups, def.measurements, 1)
    previousTotals = totalsOf(await runParts(companyId, source.parts, def, prevWhole, []), def.measurements)
  }
  await progress(90)

  const columns: ReportColumn[] = dims.map((d, i) => ({ key: `d${i}`, label: dimensionLabel(d), kind: 'dimension' }))
  if (timeGroup) columns.push({ key: 'time', label: dimensionLabel(timeGroup), kind: 'time' })
  for (const m of def.measurements) columns.push({ key: m, label: MEASUREMENT_LABEL[m], kind: 'measurement' })
  const comparing = def.compare && !timeGroup
  if (comparing)
    for (const m of def.measurements) {
      columns.push({ key: `${m}_previous`, label: `${MEASUREMENT_LABEL[m]} (previous period)`, kind: 'previous' })
      columns.push({ key: `${m}_change`, label: `${MEASUREMENT_LABEL[m]} change %`, kind: 'change' })
    }

  const dates = buckets.map((b) => formatZonedIso(timeZone, b.label))
  const rows: ReportCell[][] = []
  for (const g of shown) {
    if (timeGroup) {
      buckets.forEach((_, i) =>
        rows.push([...g.dimensions, dates[i]!, ...def.measurements.map((m) => g.measurements[m]![i]!)]),
      )
      continue
    }
    const row: ReportCell[] = [...g.dimensions, ...def.measurements.map((m) => round(sum(g, m)))]
    if (comparing) {
      const prev = dims.length ? previous!.get(JSON.stringify(g.dimensions)) : null
      for (const m of def.measurements) {
        const before = dims.length ? round(prev?.measurements[m]?.[0] ?? 0) : previousTotals![m]!
        const now = round(sum(g, m))
        row.push(before, before === 0 ? null : round(((now - before) / before) * 100))
      }
    }
    rows.push(row)
  }

  const name = (g: Group) =>
    g.dimensions.length ? g.dimensions.map((d) => d ?? '(not set)').join(' · ') : source.label
  const lines = shown
    .slice(0, SERIES_LINES)
    .flatMap((g) => def.measurements.map((m) => ({ name: name(g), measurement: m, data: g.measurements[m]! })))
  const iso = (r: TimeRange) => ({ start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() })
  return {
    source: source.label,
    columns,
    rows,
    series: { dates, lines },
    totals,
    ...(previousTotals ? { previousTotals, previousRange: iso(previousRange!) } : {}),
    range: iso(range),
    groups: groups.length,
    truncated: shown.length < groups.length,
  }
}
