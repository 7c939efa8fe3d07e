import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { deleteTag, renameTag } from '@/lib/tags/tags'

const renameBody = z.object({ name: z.string().max(200) })

// PATCH /ajax/tags/{id} – renames a tag
export const PATCH = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: renameBody,
  handler: async ({ ctx, body, params }) => ({ tag: await renameTag(ctx.principal.companyId, params.id!, body.name) }),
})

// DELETE /ajax/tags/{id} – deletes a tag and its links
export const DELETE = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  handler: async ({ ctx, params }) => {
    await deleteTag(ctx.principal.companyId, params.id!)
    return { ok: true }
  },
})
