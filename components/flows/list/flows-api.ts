// The lifecycle and clone calls of seed 002 §7.1 the flows list uses.
import { http } from '@/lib/client/http'
import type { FlowStatusCode } from './types'

const enc = encodeURIComponent

export const flowsApi = {
  setStatus: (id: string, status: FlowStatusCode) =>
    http.post(`/ajax/flow/${enc(id)}/details`, { status, setActionStatuses: status !== '3' && status !== '4' }),
  archive: (id: string) => http.post(`/flow/${enc(id)}/archive`, {}),
  recover: (id: string) => http.post(`/flow/${enc(id)}/recover`, {}),
  /** Deletes a flow; an archived one through /archive_delete. */
  remove: (id: string, archived: boolean) =>
    http.post(`/flow/${enc(id)}/${archived ? 'archive_delete' : 'delete'}`, {}),
  startClone: (
    id: string,
    body: {
      name?: string
      targetCompanyId?: number
      mapping?: Array<{ kind: string; id: string; targetId: string }>
    } = {},
  ) => http.post<{ statusKey: string }>(`/flow/${enc(id)}/clone`, body).then((r) => r.data),
  cloneStatuses: (keys: string[]) =>
    http
      .get<{
        statuses: Record<string, string | null>
        details?: Array<{ statusKey: string; flowId: string | null; error: string | null }>
      }>('/flow/clone/statuses', { params: { statusKeys: keys.join(',') } })
      .then((r) => r.data),
}

/** Polls a clone until it ends: the new flow's id, or throws with CLONE_ERROR. */
export async function waitForClone(
  statusKey: string,
  opts: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<string> {
  const interval = opts.intervalMs ?? 800
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000)
  for (;;) {
    const { statuses } = await flowsApi.cloneStatuses([statusKey])
    const s = statuses[statusKey]
    if (s === 'CLONE_ERROR') throw new Error('CLONE_ERROR')
    if (s) return s
    if (Date.now() > deadline) throw new Error('CLONE_TIMEOUT')
    await new Promise((r) => setTimeout(r, interval))
  }
}
