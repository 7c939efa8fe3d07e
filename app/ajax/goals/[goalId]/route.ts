import { ajax } from '@/lib/http/ajax'
import { goalInput } from '@/lib/goals/goal-input'
import { getGoal } from '@/lib/goals/list-goals'
import { deleteGoal, updateGoal } from '@/lib/goals/save-goal'

// GET /ajax/goals/{goalId} – one goal with its progress and daily series
export const GET = ajax({
  resources: ['goals_read'],
  handler: ({ ctx, params }) => getGoal(ctx.principal.companyId, params.goalId, new Date()),
})
export type GoalResponse = Awaited<ReturnType<typeof getGoal>>

// PUT /ajax/goals/{goalId} – replace the goal's definition
export const PUT = ajax({
  resources: ['goals_read', 'custom_metrics_write'],
  body: goalInput,
  handler: ({ ctx, params, body }) => updateGoal(ctx.principal.companyId, params.goalId, body),
})

// DELETE /ajax/goals/{goalId} – delete the goal
export const DELETE = ajax({
  resources: ['goals_read', 'custom_metrics_write'],
  handler: async ({ ctx, params }) => {
    await deleteGoal(ctx.principal.companyId, params.goalId)
    return { deleted: true }
  },
})
