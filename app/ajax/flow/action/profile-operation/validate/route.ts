import { ajax, readBody } from '@/lib/http/ajax'
import { validateProfileOperations } from '@/lib/flows/engine/actions/update-profile'

// POST /ajax/flow/action/profile-operation/validate – checks an update-profile action's profile_operations (keys as sent): { valid, errors }
export const POST = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx }) => {
    const body = (await readBody(ctx.req)) as { profile_operations?: unknown } | null
    const errors = validateProfileOperations(body?.profile_operations) ?? {}
    return { valid: Object.keys(errors).length === 0, errors }
  },
})
