import { ajax, z } from '@/lib/http/ajax'
import {
  deleteUniversalContent,
  universalContentInfo,
  updateUniversalContent,
} from '@/lib/templates/store/universal-content'

// PATCH /ajax/email-templates/universal-content/{id} – renames a saved content block ({name})
export const PATCH = ajax({
  resources: ['templates_write'],
  body: z.object({ name: z.string().max(255) }),
  handler: async ({ ctx, body, params }) => ({
    item: universalContentInfo(await updateUniversalContent(ctx.principal.companyId, params.id!, { name: body.name })),
  }),
})

// DELETE /ajax/email-templates/universal-content/{id} – deletes a saved content block (templates that used it keep their copy)
export const DELETE = ajax({
  resources: ['templates_write'],
  handler: async ({ ctx, params }) => {
    await deleteUniversalContent(ctx.principal.companyId, params.id!)
    return { deleted: true }
  },
})
