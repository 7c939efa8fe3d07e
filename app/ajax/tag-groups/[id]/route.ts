import { z } from 'zod'
import { ajax } from '@/lib/http/ajax'
import { deleteTagGroup, renameTagGroup } from '@/lib/tags/tag-groups'

const renameBody = z.object({ name: z.string().max(200) })

// PATCH /ajax/tag-groups/{id} – renames a tag group
export const PATCH = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  body: renameBody,
  handler: async ({ ctx, body, params }) => ({
    group: await renameTagGroup(ctx.principal.companyId, params.id!, body.name),
  }),
})

// DELETE /ajax/tag-groups/{id} – deletes a group and its tags (not the default group)
export const DELETE = ajax({
  resources: ['account_settings_read', 'account_settings_write'],
  handler: async ({ ctx, params }) => {
    await deleteTagGroup(ctx.principal.companyId, params.id!)
    return { ok: true }
  },
})
