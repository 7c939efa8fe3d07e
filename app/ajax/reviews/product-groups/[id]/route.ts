import { ajax } from '@/lib/http/ajax'
import {
  deleteProductGroup,
  getProductGroup,
  productGroupInput,
  updateProductGroup,
} from '@/lib/reviews/product-groups'

// GET /ajax/reviews/product-groups/:id – one group with its products
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: ({ ctx, params }) => getProductGroup(ctx.principal.companyId, params.id!),
})
export type ReviewProductGroupResponse = Awaited<ReturnType<typeof getProductGroup>>

// PUT /ajax/reviews/product-groups/:id – rename the group and set its products
export const PUT = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  body: productGroupInput,
  handler: ({ ctx, params, body }) => updateProductGroup(ctx.principal.companyId, params.id!, body),
})

// DELETE /ajax/reviews/product-groups/:id – the products stop sharing their reviews
export const DELETE = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  handler: async ({ ctx, params }) => {
    await deleteProductGroup(ctx.principal.companyId, params.id!)
    return { deleted: true }
  },
})
