import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { createTag } from '@/lib/tags/tags'
import { tagsOverview } from '@/lib/tags/tags-overview'

const createTagBody = z.object({ name: z.string().max(200), groupId: z.string().max(64).nullable().optional() })

// GET /ajax/tags – every tag group with its tags and their usage (the tags screen and the tag pickers)
export const GET = ajax({
  handler: ({ ctx }) => tagsOverview(ctx.principal.companyId),
})

// POST /ajax/tags – creates a tag (in the default group unless groupId)
export const POST = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: createTagBody,
  status: 201,
  handler: async ({ ctx, body }) => ({
    tag: await createTag(ctx.principal.companyId, { name: body.name, groupId: body.groupId ?? null }),
  }),
})
