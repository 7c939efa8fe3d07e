import { ajax } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { getFunctionRow, openSecrets } from '@/lib/cdp-code/function-store'
import { sourceProblem } from '@/lib/cdp-code/check-source'
import { runFunctionCode } from '@/lib/cdp-code/run-function'
import { CDP_CODE_WRITE, functionTestBody } from '@/lib/cdp-code/screen-data'

// POST /ajax/cdp/code/test – runs the editor's code once on a sample event (nothing is stored)
export const POST = ajax({
  resources: CDP_CODE_WRITE,
  body: functionTestBody,
  handler: async ({ ctx, body }) => {
    const companyId = ctx.principal.companyId
    const problem = await sourceProblem(companyId, body.sourceCode)
    if (problem) throw badRequest(problem, { source_code: [problem] })
    const stored = body.functionId ? await getFunctionRow(companyId, body.functionId) : null
    const env = stored ? openSecrets(stored.secretsSealed) : {}
    if (body.secrets) {
      const kept: Record<string, string> = {}
      for (const s of body.secrets) {
        const v = s.value ?? env[s.name]
        if (v !== undefined) kept[s.name] = v
      }
      Object.keys(env).forEach((k) => delete env[k])
      Object.assign(env, kept)
    }
    const r = await runFunctionCode(companyId, body.sourceCode, {
      event: JSON.parse(body.eventJson) as Record<string, unknown>,
      profile: body.profileJson ? (JSON.parse(body.profileJson) as Record<string, unknown>) : {},
      context: { function: { id: stored?.id ?? null, name: stored?.name ?? null }, test: true },
      env,
    })
    return { ok: r.ok, output: r.output, logs: r.logs, error: r.error, durationMs: r.durationMs }
  },
})
