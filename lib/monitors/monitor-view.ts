// A Monitor row as the screens and endpoints show it (JSON columns parsed).
import type { MonitorInput } from './monitor-input'

export interface MonitorRow {
  id: string
  companyId: number
  name: string
  kind: string
  config: string
  comparator: string
  threshold: number
  windowMinutes: number
  notify: string
  enabled: boolean
  state: string
  lastValue: number | null
  lastCheckedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

const parse = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T
  } catch {
    return fallback
  }
}

export function monitorView(m: MonitorRow) {
  return {
    id: m.id,
    name: m.name,
    kind: m.kind,
    config: parse<MonitorInput['config']>(m.config, {}),
    comparator: m.comparator as 'above' | 'below',
    threshold: m.threshold,
    windowMinutes: m.windowMinutes,
    notify: parse<MonitorInput['notify']>(m.notify, { emails: [], webhookUrl: undefined }),
    enabled: m.enabled,
    state: m.state as 'ok' | 'alerting',
    lastValue: m.lastValue,
    lastCheckedAt: m.lastCheckedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  }
}
export type MonitorView = ReturnType<typeof monitorView>
