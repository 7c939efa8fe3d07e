// The change of a figure against the period before (the dashboard's "up 12%").
export type Trend = { kind: 'up' | 'down' | 'flat'; ratio: number | null }

/** ratio is null when there is nothing to compare with (the previous period was zero). */
export function trendOf(current: number, previous: number): Trend {
  if (current === previous) return { kind: 'flat', ratio: previous === 0 ? null : 0 }
  return { kind: current > previous ? 'up' : 'down', ratio: previous === 0 ? null : (current - previous) / previous }
}
