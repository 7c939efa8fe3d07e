// The cdp-code domain's job handler (registered by lib/server/job-handlers.ts).
import { PermanentJobError, registerJobHandler } from '@/lib/jobs/queue'
import { runFunctionInvocation } from './function-job'
import { FUNCTION_JOB, type FunctionJobPayload } from './function-job-types'

export function register(): void {
  registerJobHandler(FUNCTION_JOB, async (payload: FunctionJobPayload, ctx) => {
    if (!payload || payload.companyId !== ctx.companyId || typeof payload.invocationId !== 'string')
      throw new PermanentJobError('Bad cdp.function payload (company mismatch or no invocation).')
    await runFunctionInvocation(payload, { attempt: ctx.attempt })
  })
}
