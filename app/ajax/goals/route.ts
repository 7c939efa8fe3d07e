import { ajax } from '@/lib/http/ajax'
import { goalInput } from '@/lib/goals/goal-input'
import { listGoals } from '@/lib/goals/list-goals'
import { createGoal } from '@/lib/goals/save-goal'

// GET /ajax/goals – the account's goals with their progress
export const GET = ajax({
  resources: ['goals_read'],
  handler: async ({ ctx }) => ({ goals: await listGoals(ctx.principal.companyId, new Date()) }),
})
export type GoalsResponse = { goals: Awaited<ReturnType<typeof listGoals>> }

// POST /ajax/goals – create a goal {name, kind, target, groupId?, startsAt, endsAt}
export const POST = ajax({
  resources: ['goals_read', 'custom_metrics_write'],
  body: goalInput,
  status: 201,
  handler: ({ ctx, body }) => createGoal(ctx.principal.companyId, body),
})
