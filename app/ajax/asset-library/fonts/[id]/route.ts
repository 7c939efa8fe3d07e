import { ajax } from '@/lib/http/ajax'
import { deleteFont } from '@/lib/brand/fonts'

// DELETE /ajax/asset-library/fonts/{id} – removes a font (and a custom font's file)
export const DELETE = ajax({
  resources: ['templates_write'],
  handler: async ({ ctx, params }) => {
    await deleteFont(ctx.principal.companyId, params.id)
    return { deleted: true }
  },
})
