import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { startBackfill } from '@/lib/flows/triggers/backfill'

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
const backpopulateBody = z.object({
  useGroupAddTime: flag.optional(),
  /** Metric triggers: the window of past events (ISO dates; default the last 30 days). */
  since: z.coerce.date().optional(),
  until: z.coerce.date().optional(),
})

// POST /ajax/flow/[id]/backpopulate – start a backpopulation task (useGroupAddTime) and return it with its taskId
export const POST = ajax({
  resources: ['flows_backpopulate'],
  body: backpopulateBody,
  status: 202,
  handler: ({ ctx, params, body }) =>
    startBackfill(ctx.principal.companyId, params.id!, {
      useGroupAddTime: body.useGroupAddTime,
      since: body.since ?? null,
      until: body.until ?? null,
      userId: ctx.principal.user.id,
    }),
})
