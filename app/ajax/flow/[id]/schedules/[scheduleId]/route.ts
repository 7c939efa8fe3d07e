import { ajax } from '@/lib/http/ajax'
import { deleteSchedule, patchSchedule, patchScheduleBody } from '@/lib/flows/ajax/other-schedules'

// PATCH /ajax/flow/[id]/schedules/[scheduleId] – changes one schedule (its next run is computed again)
export const PATCH = ajax({
  resources: ['flows_write'],
  body: patchScheduleBody,
  handler: ({ ctx, params, body }) => patchSchedule(ctx.principal.companyId, params.id!, params.scheduleId!, body),
})

// DELETE /ajax/flow/[id]/schedules/[scheduleId] – removes one schedule
export const DELETE = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => deleteSchedule(ctx.principal.companyId, params.id!, params.scheduleId!),
})
