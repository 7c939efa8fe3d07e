import { ajax, readBody } from '@/lib/http/ajax'
import { badRequest } from '@/lib/http/app-error'
import { validateProfileOperations } from '@/lib/flows/ajax/actions-settings'

// POST /ajax/flow/action/profile-operation/validate – checks an update-profile action's profile_operations: { valid, errors }
export const POST = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx }) => {
    const body = (await readBody(ctx.req)) as { profile_operations?: unknown; profileOperations?: unknown }
    const ops = body?.profile_operations ?? body?.profileOperations
    if (!Array.isArray(ops)) throw badRequest('Send the operations as profile_operations.', { profileOperations: ['Required: a list of operations.'] })
    if (ops.length > 100) throw badRequest('At most 100 operations.', { profileOperations: ['At most 100 operations.'] })
    return validateProfileOperations(ops)
  },
})
