// What a monitor can watch (no imports: the browser's monitor form reads it too).
export const MONITOR_KINDS = [
  'metric_count',
  'bounce_rate',
  'complaint_rate',
  'unsubscribe_rate',
  'flow_sends',
] as const
export type MonitorKind = (typeof MONITOR_KINDS)[number]
export const RATE_KINDS: readonly MonitorKind[] = ['bounce_rate', 'complaint_rate', 'unsubscribe_rate']
