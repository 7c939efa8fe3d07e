// One run of a function or a transformation in the flows' code sandbox (never a second
// sandbox): the same worker thread, per-account fair queue and time allowance
// (lib/flows/sandbox/code-rate.ts) as the flows' code actions.
import { runSandboxedCode } from '@/lib/flows/sandbox/run-code'
import { CODE_RATE_MESSAGE, codeRateLimiter, type CodeRateLimiter } from '@/lib/flows/sandbox/code-rate'
import { readWrappedAnswer, wrapFunctionSource, wrapTransformSource } from './wrap-source'
import { TRANSFORM_TIME_LIMIT_MS } from './limits'

export interface CodeRun {
  ok: boolean
  output: unknown
  /** Transformations: false when transform(event) returned nothing at all (a forgotten return). */
  returned: boolean
  logs: string[]
  error: string | null
  durationMs: number
  /** The account had used its sandbox allowance: nothing ran. */
  throttled?: boolean
}

async function run(
  companyId: number,
  source: string,
  input: unknown,
  timeLimitMs: number | undefined,
  limiter: CodeRateLimiter,
): Promise<CodeRun> {
  if (limiter.waitMs(companyId) > 0)
    return {
      ok: false,
      output: null,
      returned: false,
      logs: [],
      error: CODE_RATE_MESSAGE,
      durationMs: 0,
      throttled: true,
    }
  const r = await runSandboxedCode(source, input, { account: companyId, ...(timeLimitMs ? { timeLimitMs } : {}) })
  limiter.charge(companyId, r.durationMs)
  if (!r.ok) return { ok: false, output: null, returned: false, logs: [], error: r.error, durationMs: r.durationMs }
  const a = readWrappedAnswer(r.output)
  return { ok: a.ok, output: a.result, returned: a.returned, logs: a.logs, error: a.error, durationMs: r.durationMs }
}

export interface FunctionInput {
  event: Record<string, unknown>
  profile: Record<string, unknown>
  context: Record<string, unknown>
  env: Record<string, string>
}

export function runFunctionCode(
  companyId: number,
  source: string,
  input: FunctionInput,
  limiter: CodeRateLimiter = codeRateLimiter,
): Promise<CodeRun> {
  return run(companyId, wrapFunctionSource(source), input, undefined, limiter)
}

export function runTransformCode(
  companyId: number,
  source: string,
  event: unknown,
  limiter: CodeRateLimiter = codeRateLimiter,
): Promise<CodeRun> {
  return run(companyId, wrapTransformSource(source), { event }, TRANSFORM_TIME_LIMIT_MS, limiter)
}
