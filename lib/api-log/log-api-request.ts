// Watches one /api call for the request log (the developer tools' logs and dashboard): who
// called (learnt when the wrapper authenticates), and the answer once it is decided. Calls that
// never authenticated belong to no company and are not logged. The error body is read from a
// clone after the answer has gone back, so logging never holds up or fails a request.
import { recordApiRequest } from './request-log-buffer'
import { loggedPath } from './logged-path'

export const MAX_ERROR_BODY = 4 * 1024

interface Caller {
  companyId: number
  keyId: number | null
  appId?: string | null
}
type Observe = <T extends Caller>(authenticate: () => Promise<T>) => () => Promise<T>

export async function logApiRequest(req: Request, decide: (observe: Observe) => Promise<Response>): Promise<Response> {
  const started = performance.now()
  let caller: Caller | null = null
  const res = await decide((authenticate) => async () => {
    const who = await authenticate()
    caller = who
    return who
  })
  try {
    if (caller) record(req, res, caller, Math.round(performance.now() - started))
  } catch (e) {
    console.warn(`[api-log] request not logged: ${e instanceof Error ? e.message : String(e)}`)
  }
  return res
}

function record(req: Request, res: Response, who: Caller, latencyMs: number): void {
  const row = {
    companyId: who.companyId,
    apiKeyId: who.keyId,
    appId: who.appId ?? null,
    method: req.method,
    path: loggedPath(req.url),
    status: res.status,
    latencyMs,
    revision: req.headers.get('revision')?.trim().slice(0, 40) || null,
    errorBody: null as string | null,
    createdAt: new Date(),
  }
  if (res.status < 400 || !res.body) {
    recordApiRequest(row)
    return
  }
  res
    .clone()
    .text()
    .then(
      (text) => recordApiRequest({ ...row, errorBody: truncate(text) }),
      () => recordApiRequest(row),
    )
}

function truncate(text: string): string {
  if (text.length <= MAX_ERROR_BODY) return text
  return text.slice(0, MAX_ERROR_BODY - 1) + '…'
}
