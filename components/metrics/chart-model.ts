// Pure helpers of the metric chart: rows for recharts, series colours from the design tokens,
// and the calendar day of a bucket label (the engine's labels are local wall times with offset).

/** Series colours: design tokens, so the chart follows the theme. The last one is "other". */
export const SERIES_COLORS = [
  'var(--color-primary)',
  'var(--color-success)',
  'var(--color-warning)',
  'var(--color-intelligence)',
  'var(--color-danger)',
  'var(--color-info)',
  'var(--color-sidebar-bg)',
  'var(--color-primary-hover)',
  'var(--color-danger-hover)',
  'var(--color-text-muted)',
]
export const OTHER_COLOR = 'var(--color-border-strong)'

export const seriesColor = (index: number, isOther: boolean) =>
  isOther ? OTHER_COLOR : SERIES_COLORS[index % SERIES_COLORS.length]!

export interface ChartSeriesLike {
  values: number[]
}

/** One row per bucket: { date, s0, s1, … } as recharts wants it. */
export function chartRows(
  dates: readonly string[],
  series: readonly ChartSeriesLike[],
): Array<Record<string, string | number>> {
  return dates.map((date, i) => {
    const row: Record<string, string | number> = { date }
    series.forEach((s, k) => {
      row[`s${k}`] = s.values[i] ?? 0
    })
    return row
  })
}

/** '2025-03-01T00:00:00-05:00' → a Date at noon UTC of 2025-03-01, to format the day in UTC. */
export const bucketDay = (label: string) => new Date(`${label.slice(0, 10)}T12:00:00Z`)
