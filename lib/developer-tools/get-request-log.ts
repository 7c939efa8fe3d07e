// /developer-tools/logs/id/{eventId}: one logged request, with its error body pretty-printed
// when it is JSON (the screen shows it as text, escaped).
import { db } from '@/lib/db/client'
import { callerNames } from './callers'
import type { RequestLogRowDto } from './search-request-logs'

export interface RequestLogDetailDto extends RequestLogRowDto {
  errorBody: string | null
}

function pretty(body: string | null): string | null {
  if (body == null) return null
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body // cut at 4 KB, or not JSON: shown as it came
  }
}

export async function getRequestLog(companyId: number, id: number): Promise<RequestLogDetailDto | null> {
  const r = await db.apiRequestLog.findFirst({ where: { companyId, id } })
  if (!r) return null
  const name = await callerNames(companyId, [r])
  return {
    id: r.id,
    method: r.method,
    path: r.path,
    status: r.status,
    latencyMs: r.latencyMs,
    revision: r.revision,
    caller: name(r),
    createdAt: r.createdAt.toISOString(),
    errorBody: pretty(r.errorBody),
  }
}
