// The /ajax flows calls the list screen uses (seed 002 §7.1; lib/flows/ajax/flows-*.ts).
// Status is the numeric code as text: draft "0", manual "1", live "2", disabled "3", paused "4".
export const FLOW_STATUS_CODES = ['0', '1', '2', '3', '4'] as const
export type FlowStatusCode = (typeof FLOW_STATUS_CODES)[number]
export const STATUS_NAME: Record<FlowStatusCode, 'draft' | 'manual' | 'live' | 'disabled' | 'paused'> = {
  0: 'draft',
  1: 'manual',
  2: 'live',
  3: 'disabled',
  4: 'paused',
}

export interface FlowRow {
  id: string
  name: string
  status: FlowStatusCode
  archived: boolean
  triggerType: string | null
  tags?: string[]
  updated: string
  recipients?: number
  conversion: number
  conversionPerRecipient: number
}

export interface FlowPage {
  flows: FlowRow[]
  total: number
  page: number
  pageSize: number
}

export type SortField = 'name' | 'status' | 'updated' | 'conversion' | 'conversion_per_recipient'

export interface HoldoutInfo {
  experiment: { experimentId: string; percent: number } | null
  flows: Array<{ flowId: string; inHoldout: boolean; percent: number }>
}

export interface NonCompliantFlow {
  flowId?: string
  id?: string
  name: string
  issues: Array<{ type: 'non_compliant' | 'trigger' | 'anomaly'; message: string }>
}
