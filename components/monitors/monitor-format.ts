// How a monitor's value and threshold read: rates as percentages, counts as numbers.
const RATES = new Set(['bounce_rate', 'complaint_rate', 'unsubscribe_rate'])
export const isRateKind = (kind: string) => RATES.has(kind)
export const formatMonitorValue = (kind: string, v: number | null) =>
  v === null ? '–' : isRateKind(kind) ? `${Math.round(v * 10000) / 100} %` : String(Math.round(v * 100) / 100)
