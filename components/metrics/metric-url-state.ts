// The metric page's choices in the address (?timeframe=…&granularity=…&measurement=…&by=…), so a
// reload, a bookmark or a shared link shows the same chart. Values that do not parse fall back to
// the defaults instead of breaking the page.
import {
  customRangeError,
  defaultGranularity,
  GRANULARITY_OPTIONS,
  isTimeframe,
  type ChartGranularity,
  type TimeframeValue,
} from './timeframe-options'
import { MEASUREMENTS, type MeasurementKey } from './metrics-api'

export interface MetricViewState {
  timeframe: TimeframeValue
  granularity: ChartGranularity
  measurement: MeasurementKey
  /** Event property to break down by; '' for none. */
  by: string
}

export const DEFAULT_METRIC_VIEW: MetricViewState = {
  timeframe: { timeframe: 'last_30_days' },
  granularity: 'daily',
  measurement: 'count',
  by: '',
}
const MAX_BY = 255

type SearchLike = { get(name: string): string | null }

export function parseMetricView(search: SearchLike, opts: { hasValues: boolean }): MetricViewState {
  const tf = search.get('timeframe') ?? ''
  let timeframe: TimeframeValue = DEFAULT_METRIC_VIEW.timeframe
  if (tf === 'custom') {
    const start = search.get('start') ?? ''
    const end = search.get('end') ?? ''
    if (!customRangeError(start, end)) timeframe = { timeframe: 'custom', start, end }
  } else if (isTimeframe(tf)) {
    timeframe = { timeframe: tf }
  }
  const g = search.get('granularity') ?? ''
  const granularity = (GRANULARITY_OPTIONS as readonly string[]).includes(g)
    ? (g as ChartGranularity)
    : timeframe.timeframe === 'custom'
      ? 'daily'
      : defaultGranularity(timeframe.timeframe)
  const m = search.get('measurement') ?? ''
  const measurement =
    MEASUREMENTS.some((x) => x.key === m) && (m !== 'value' || opts.hasValues) ? (m as MeasurementKey) : 'count'
  const rawBy = search.get('by') ?? ''
  const by = rawBy.length <= MAX_BY ? rawBy : ''
  return { timeframe, granularity, measurement, by }
}

/** The search string for a state ('' for the defaults), keeping parameters that are not ours. */
export function metricViewSearch(state: MetricViewState, current = ''): string {
  const params = new URLSearchParams(current)
  for (const k of ['timeframe', 'start', 'end', 'granularity', 'measurement', 'by']) params.delete(k)
  const isDefault = (Object.keys(DEFAULT_METRIC_VIEW) as Array<keyof MetricViewState>).every(
    (k) => JSON.stringify(state[k]) === JSON.stringify(DEFAULT_METRIC_VIEW[k]),
  )
  if (!isDefault) {
    params.set('timeframe', state.timeframe.timeframe)
    if (state.timeframe.timeframe === 'custom') {
      params.set('start', state.timeframe.start ?? '')
      params.set('end', state.timeframe.end ?? '')
    }
    params.set('granularity', state.granularity)
    if (state.measurement !== 'count') params.set('measurement', state.measurement)
    if (state.by) params.set('by', state.by)
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}
