import { ajax } from '@/lib/http/ajax'
import { createGeneratedEmail, generateEmailBody } from '@/lib/brand/generate-email'

// POST /ajax/asset-library/generate – writes a block template from a goal, a tone and products in the brand's styles
export const POST = ajax({
  resources: ['templates_write'],
  status: 201,
  body: generateEmailBody,
  handler: ({ ctx, body }) => createGeneratedEmail(ctx.principal.companyId, body),
})
