// The cdp.function job: runs one pending invocation (a function for one event) in the sandbox,
// outside any transaction, and finishes its row. Running it again finds the row finished and
// does nothing, so a retried or duplicated job never runs the function twice. An account past
// its sandbox allowance is deferred (the queue retries with its backoff) until the last attempt,
// which records why the function did not run; so does a run whose function was turned off or
// deleted, or whose account's consent is missing, after it was queued.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { queueNow } from '@/lib/jobs/clock'
import { findProfileByOps } from '@/lib/profiles/profile-store'
import { personOf } from '@/lib/flows/webhook-action/template-context'
import { CodeRateDeferred } from '@/lib/flows/sandbox/code-job'
import { codeRateLimiter, type CodeRateLimiter } from '@/lib/flows/sandbox/code-rate'
import { openSecrets } from './function-store'
import { finishInvocation } from './finish-invocation'
import { runFunctionCode, type CodeRun } from './run-function'
import { FUNCTION_MAX_ATTEMPTS, type FunctionJobPayload } from './function-job-types'

const failed = (error: string): CodeRun => ({
  ok: false,
  output: null,
  returned: false,
  logs: [],
  error,
  durationMs: 0,
})

/** The event as functions see it (the vendor's shape: metric name, properties, value, time). */
async function eventInput(companyId: number, eventId: number) {
  const e = await read(
    selectFirst(
      kysely()
        .selectFrom('Event as e')
        .innerJoin('Metric as m', 'm.id', 'e.metricId')
        .select(['e.id', 'e.profileId', 'e.ts', 'e.value', 'e.properties', 'm.name as metric'])
        .where('e.companyId', '=', companyId)
        .where('e.id', '=', eventId),
    ),
  )
  if (!e) return null
  const profile = await read(findProfileByOps(companyId, 'id', e.profileId))
  return {
    event: {
      id: String(e.id),
      metric: e.metric,
      properties: e.properties ? (JSON.parse(String(e.properties)) as Record<string, unknown>) : {},
      value: e.value == null ? null : Number(e.value),
      time: new Date(Number(e.ts) * 1000).toISOString(),
    },
    profile: personOf(profile),
    profileId: e.profileId,
  }
}

export async function runFunctionInvocation(
  p: FunctionJobPayload,
  opts: { attempt?: number; limiter?: CodeRateLimiter } = {},
): Promise<'ran' | 'already' | 'missing' | 'refused'> {
  const inv = await db.codeFunctionInvocation.findFirst({ where: { companyId: p.companyId, id: p.invocationId } })
  if (!inv) return 'missing'
  if (inv.status !== 'pending') return 'already'
  const limiter = opts.limiter ?? codeRateLimiter
  const last = (opts.attempt ?? 1) >= FUNCTION_MAX_ATTEMPTS
  const fn = await db.codeFunction.findFirst({ where: { companyId: p.companyId, id: inv.functionId } })
  const consent = await db.codeAuthorization.findUnique({ where: { companyId: p.companyId } })
  const input = inv.eventId == null ? null : await eventInput(p.companyId, inv.eventId)
  let result: CodeRun
  let refused = false
  if (!fn) result = failed('The function was deleted before it ran.')
  else if (!consent) {
    result = failed('Code functions are not authorized for this account.')
    refused = true
  } else if (!fn.enabled) result = failed('The function was turned off before it ran.')
  else if (!input) result = failed('The event no longer exists.')
  else {
    const waitMs = limiter.waitMs(p.companyId)
    if (waitMs > 0 && !last) throw new CodeRateDeferred(waitMs)
    result = await runFunctionCode(
      p.companyId,
      fn.sourceCode,
      {
        event: input.event,
        profile: input.profile,
        context: { function: { id: fn.id, name: fn.name } },
        env: openSecrets(fn.secretsSealed),
      },
      limiter,
    )
    refused = !!result.throttled
  }
  await finishInvocation({
    companyId: p.companyId,
    invocationId: inv.id,
    profileId: input?.profileId ?? null,
    input: input ? { event: input.event, profile: input.profile } : null,
    result,
    now: queueNow(),
  })
  return refused ? 'refused' : 'ran'
}
