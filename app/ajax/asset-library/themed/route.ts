import { ajax } from '@/lib/http/ajax'
import { createThemedBody, createThemedTemplate } from '@/lib/brand/themed-templates'

// POST /ajax/asset-library/themed – makes a block-editor template of a theme from the brand kit
export const POST = ajax({
  resources: ['templates_write'],
  status: 201,
  body: createThemedBody,
  handler: async ({ ctx, body }) => ({ template: await createThemedTemplate(ctx.principal.companyId, body) }),
})
