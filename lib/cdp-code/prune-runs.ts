// Function invocations and kept transformation runs are kept for 30 days (the dashboard reads
// 7); the worker's periodic tick calls this, as it prunes the /api request log.
import { db } from '@/lib/db/client'

export const CODE_RUNS_DAYS = 30

export async function pruneCodeRuns(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CODE_RUNS_DAYS * 86_400_000)
  const a = await db.codeFunctionInvocation.deleteMany({
    where: { createdAt: { lt: cutoff }, status: { not: 'pending' } },
  })
  const b = await db.transformationInvocation.deleteMany({ where: { createdAt: { lt: cutoff } } })
  return a.count + b.count
}
