import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { forbidden } from '@/lib/errors/app-error'
import { takeOverApiKey } from '@/lib/api-keys/take-over-api-key'

const takeOverBody = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

// POST /ajax/account/api-key/take-over – an owner makes a key theirs, so it outlives the user who made it
export const POST = ajax({
  resources: ['api_keys_write'],
  body: takeOverBody,
  handler: async ({ ctx, body }) => {
    if (ctx.principal.role !== 'owner') throw forbidden('Only an owner can take over an API key.')
    await takeOverApiKey(ctx.principal.companyId, ctx.principal.userId, body.id)
    return { success: true }
  },
})
