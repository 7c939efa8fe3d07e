import { getHealth } from '@/lib/health/get-health'

export const dynamic = 'force-dynamic'

// GET /health – for load balancers and monitors, no credentials: 200 when the database answers,
// a worker beat within 30 s and no due job waited longer than HEALTH_MAX_JOB_AGE_SECONDS, else
// 503; the body names the problems and carries the figures (queue depth and oldest job age per
// queue, worker heartbeat, ingest retries). Answered from a one-second cache.
export async function GET(): Promise<Response> {
  const report = await getHealth()
  return Response.json(report, {
    status: report.ok ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  })
}
