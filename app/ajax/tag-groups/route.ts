import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { createTagGroup } from '@/lib/tags/tag-groups'

const createGroupBody = z.object({ name: z.string().max(200), exclusive: z.boolean().optional() })

// POST /ajax/tag-groups – creates a tag group
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: createGroupBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ group: await createTagGroup(ctx.principal.companyId, body) }),
})
