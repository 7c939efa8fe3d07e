// Timeframe presets and aggregators of seed 001 §9, as data (labels live in messages "timeframes").
export const TIMEFRAME_PRESETS = [
  'today',
  'last_24_hours',
  'yesterday',
  'week_to_date',
  'last_7_days',
  'last_week',
  'last_4_weeks',
  'last_13_weeks',
  'last_26_weeks',
  'last_52_weeks',
  'month_to_date',
  'last_30_days',
  'last_3_months',
  'last_6_months',
  'last_12_months',
  'last_24_months',
  'last_month',
  'last_90_days',
  'last_365_days',
  'year_to_date',
  'last_year',
  'all_time',
  'custom',
] as const
export type TimeframePreset = (typeof TIMEFRAME_PRESETS)[number]

export const TIMEFRAME_AGGREGATORS = [
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'yearly',
  'entire_range',
] as const
export type TimeframeAggregator = (typeof TIMEFRAME_AGGREGATORS)[number]
