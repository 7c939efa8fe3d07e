import { ajax } from '@/lib/http/ajax'
import { createFunction, listFunctions } from '@/lib/cdp-code/function-store'
import { functionStats } from '@/lib/cdp-code/function-stats'
import { getAuthorization } from '@/lib/cdp-code/authorization'
import { metricNames } from '@/lib/cdp-code/sample-event'
import {
  CDP_CODE_READ,
  CDP_CODE_WRITE,
  FUNCTION_STARTER,
  functionBody,
  toFunctionDto,
} from '@/lib/cdp-code/screen-data'

// GET /ajax/cdp/code/functions – the functions with 7-day figures, the consent, the metrics to trigger on
export const GET = ajax({
  resources: CDP_CODE_READ,
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const [functions, stats, authorization, metrics] = await Promise.all([
      listFunctions(companyId),
      functionStats(companyId),
      getAuthorization(companyId),
      metricNames(companyId),
    ])
    return {
      functions: functions.map((f) => toFunctionDto(f, stats.get(f.id) ?? { invocations: 0, errors: 0, errorRate: 0 })),
      authorization,
      canAuthorize: ['owner', 'admin'].includes(ctx.principal.role),
      metrics,
      starter: FUNCTION_STARTER,
    }
  },
})

// POST /ajax/cdp/code/functions – creates a function (its code is checked by the sandbox)
export const POST = ajax({
  resources: CDP_CODE_WRITE,
  body: functionBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ function: toFunctionDto(await createFunction(ctx.principal.companyId, body)) }),
})
