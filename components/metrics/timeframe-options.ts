// The metric screen's timeframe and granularity choices: the 22 ranges of seed 002 §3.5 in a
// reading order, each labelled from the shared "timeframes" messages where a label matches and
// from "metricsScreens" where the seed's range has no shared label (this week/month/year).
import { TIMEFRAMES, type Timeframe } from '@/lib/metrics/timeframe'

export const TIMEFRAME_ORDER: readonly Timeframe[] = [
  'today',
  'yesterday',
  'this_week',
  'last_7_days',
  'last_week',
  'last_4_weeks',
  'this_month',
  'last_30_days',
  'last_month',
  'last_90_days',
  'last_3_months',
  'last_13_weeks',
  'last_6_months',
  'last_26_weeks',
  'this_year',
  'last_365_days',
  'last_12_months',
  'last_52_weeks',
  'last_year',
  'last_24_months',
  'alltime',
  'custom',
]

/** Seed ranges whose shared label has another name ("alltime" is the shared "all_time"). */
const SHARED_ALIASES: Partial<Record<Timeframe, string>> = { alltime: 'all_time' }
/** Seed ranges without a shared label: their keys in the "metricsScreens" messages. */
const OWN_LABELS: Partial<Record<Timeframe, string>> = {
  this_week: 'thisWeek',
  this_month: 'thisMonth',
  this_year: 'thisYear',
}

export type LabelRef = { namespace: 'timeframes' | 'metricsScreens'; key: string }

export function timeframeLabel(tf: Timeframe): LabelRef {
  const own = OWN_LABELS[tf]
  if (own) return { namespace: 'metricsScreens', key: `timeframe.${own}` }
  return { namespace: 'timeframes', key: SHARED_ALIASES[tf] ?? tf }
}

export const GRANULARITY_OPTIONS = ['daily', 'weekly', 'monthly'] as const
export type ChartGranularity = (typeof GRANULARITY_OPTIONS)[number]

/** A sensible granularity for a range: days up to three months, then weeks, then months. */
export function defaultGranularity(tf: Timeframe): ChartGranularity {
  if (
    [
      'last_12_months',
      'last_24_months',
      'last_365_days',
      'last_52_weeks',
      'this_year',
      'last_year',
      'alltime',
    ].includes(tf)
  )
    return 'monthly'
  if (['last_13_weeks', 'last_26_weeks', 'last_6_months'].includes(tf)) return 'weekly'
  return 'daily'
}

export const isTimeframe = (v: string): v is Timeframe => (TIMEFRAMES as readonly string[]).includes(v)

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A custom range is two calendar days, the end not before the start. */
export function customRangeError(start: string, end: string): 'missing' | 'order' | null {
  if (!DAY.test(start) || !DAY.test(end)) return 'missing'
  return end < start ? 'order' : null
}

export interface TimeframeValue {
  timeframe: Timeframe
  start?: string
  end?: string
}
