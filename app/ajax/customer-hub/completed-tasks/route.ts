import { ajax } from '@/lib/http/ajax'
import { completedTasksBody, completeHubTask } from '@/lib/customer-hub/hub-onboarding'
import { getHubSettings } from '@/lib/customer-hub/hub-settings'

// GET /ajax/customer-hub/completed-tasks – the get-started tasks already done
export const GET = ajax({
  handler: async ({ ctx }) => ({ completedTasks: (await getHubSettings(ctx.principal.companyId)).completedTasks }),
})

// POST /ajax/customer-hub/completed-tasks – marks a get-started task done {task}
export const POST = ajax({
  body: completedTasksBody,
  handler: ({ ctx, body }) => completeHubTask(ctx.principal.companyId, body.task),
})
