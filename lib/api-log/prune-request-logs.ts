// The request log keeps 7 days (issue 21 §4); the worker's periodic tick calls this.
import { db } from '@/lib/db/client'

export const REQUEST_LOG_DAYS = 7

export async function pruneApiRequestLogs(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_LOG_DAYS * 86_400_000)
  const { count } = await db.apiRequestLog.deleteMany({ where: { createdAt: { lt: cutoff } } })
  return count
}
