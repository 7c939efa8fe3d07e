import { ajax } from '@/lib/http/ajax'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { sourceProblem } from '@/lib/cdp-code/check-source'
import { runTransformation, toTransformEvent } from '@/lib/cdp-code/apply-transformations'
import { validateEvent } from '@/lib/events/validate-event'
import type { EventInput } from '@/lib/events/types'
import { CDP_CODE_WRITE, transformationTestBody } from '@/lib/cdp-code/screen-data'

// POST /ajax/cdp/transformations/test – runs the code on a sample event: the output event, a drop, or the error
export const POST = ajax({
  resources: CDP_CODE_WRITE,
  body: transformationTestBody,
  handler: async ({ ctx, body }) => {
    const companyId = ctx.principal.companyId
    const problem = await sourceProblem(companyId, body.sourceCode)
    if (problem) throw badRequest(problem, { source_code: [problem] })
    const raw = JSON.parse(body.eventJson) as Record<string, unknown>
    let event
    try {
      event = validateEvent({
        metric: { name: raw.metric },
        profile: raw.profile ?? {},
        properties: raw.properties ?? {},
        ...(raw.time != null ? { time: raw.time } : {}),
        ...(raw.value != null ? { value: raw.value } : {}),
        ...(raw.value_currency != null ? { valueCurrency: raw.value_currency } : {}),
        ...(raw.unique_id != null ? { uniqueId: raw.unique_id } : {}),
      } as unknown as EventInput)
    } catch (e) {
      if (!(e instanceof AppError)) throw e
      const detail = Object.entries(e.fieldErrors ?? {}).map(([k, v]) => `${k}: ${v[0]}`)
      const message = ['The sample is not a valid event.', ...detail].join(' ')
      throw badRequest(message, { eventJson: [message] })
    }
    const o = await runTransformation(companyId, body.sourceCode, event)
    return {
      status: o.status,
      input: toTransformEvent(event),
      output: o.status === 'ok' ? toTransformEvent(o.event) : null,
      error: o.status === 'error' ? o.error : null,
      logs: o.logs,
      durationMs: o.durationMs,
    }
  },
})
