import { ajax } from '@/lib/http/ajax'
import { createSchedule, createScheduleBody, deleteAllSchedules, listSchedules } from '@/lib/flows/ajax/other-schedules'

// GET /ajax/flow/[id]/schedules – the flow's schedules with their next run
export const GET = ajax({
  resources: ['flows_read'],
  handler: ({ ctx, params }) => listSchedules(ctx.principal.companyId, params.id!),
})

// POST /ajax/flow/[id]/schedules – adds one (frequency once|daily|weekly|monthly, start_at, timezone, weekdays, end_at)
export const POST = ajax({
  resources: ['flows_write'],
  body: createScheduleBody,
  handler: ({ ctx, params, body }) => createSchedule(ctx.principal.companyId, params.id!, body),
})

// DELETE /ajax/flow/[id]/schedules – removes all of them
export const DELETE = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => deleteAllSchedules(ctx.principal.companyId, params.id!),
})
