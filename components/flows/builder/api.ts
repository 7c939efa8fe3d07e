// The builder's calls (contracts of the /ajax flows family, lib/flows/ajax): load the flow with its
// definition and live counts, save the whole definition, change the flow's name and status.
// Definitions travel as written (snake_case vendor fields), so keys are never transformed.
import { http, isHttpError } from '@/lib/client/http'
import type { FlowDefinition } from '@/lib/flows/definition'

export interface FlowEditData {
  flow: {
    id: string
    name: string
    status: string
    statusName?: string
    archived: boolean
    triggerType: string | null
    version: number
    updatedAt: string
    webhookSecretSet?: boolean
  }
  definition: FlowDefinition
  actions: Array<{ id: string; type: string; status: string }>
  messages: Array<{ id: string; actionId: string; channel: string; name: string; templateId: string | null }>
  counts: Record<string, { waiting: number; done: number }>
  issues: Array<{ type: string; message: string; pointer?: string | null }>
}

export interface SaveResult {
  flowId: string
  version: number
  definition: FlowDefinition
}
export interface SaveError {
  pointer: string
  message: string
}

const raw = { transformKeys: false } as const
export const editUrl = (flowId: string) => `/ajax/flow/${encodeURIComponent(flowId)}/edit`

export const flowBuilderApi = {
  load: (flowId: string) => http.get<FlowEditData>(editUrl(flowId), raw).then((r) => r.data),
  save: (
    body: { flowId: string; name?: string; definition: FlowDefinition; expectedVersion: number },
    signal?: AbortSignal,
  ) => http.post<SaveResult>('/ajax/flow/encoded', body, { ...raw, signal }).then((r) => r.data),
  details: (flowId: string, body: { name?: string; status?: string; setActionStatuses?: boolean }) =>
    http.post<unknown>(`/ajax/flow/${encodeURIComponent(flowId)}/details`, body, raw).then((r) => r.data),
}

/** The field errors of a 400 from the save call, else null. */
export function saveErrorsOf(e: unknown): SaveError[] | null {
  if (!isHttpError(e) || e.status !== 400 || !e.data || typeof e.data !== 'object') return null
  const data = e.data as { errors?: Array<{ pointer?: string; message?: string; detail?: string }>; message?: string }
  if (Array.isArray(data.errors) && data.errors.length) {
    return data.errors.map((x) => ({ pointer: x.pointer ?? '', message: x.message ?? x.detail ?? '' }))
  }
  return data.message ? [{ pointer: '', message: data.message }] : null
}

export const isConflict = (e: unknown) => isHttpError(e) && e.status === 409

/** The flow statuses as text codes (seed 002 §3.1). */
export const FLOW_STATUS_NAMES = ['draft', 'manual', 'live', 'disabled', 'paused'] as const
export type FlowStatusName = (typeof FLOW_STATUS_NAMES)[number]
export const FLOW_STATUS_CODES = Object.fromEntries(FLOW_STATUS_NAMES.map((n, i) => [n, String(i)])) as Record<
  FlowStatusName,
  string
>
export const statusNameOf = (code: string): FlowStatusName => FLOW_STATUS_NAMES[Number(code)] ?? 'draft'
