import { ajax } from '@/lib/http/ajax'
import { createProductGroup, listProductGroups, productGroupInput } from '@/lib/reviews/product-groups'

// GET /ajax/reviews/product-groups – the review product groups with their member counts
export const GET = ajax({
  resources: ['reviews_read'],
  flag: 'is_reviews_enabled',
  handler: async ({ ctx }) => ({ groups: await listProductGroups(ctx.principal.companyId) }),
})
export type ReviewProductGroupsResponse = { groups: Awaited<ReturnType<typeof listProductGroups>> }

// POST /ajax/reviews/product-groups – a group of products that share their reviews
export const POST = ajax({
  resources: ['reviews_read', 'reviews_write'],
  flag: 'is_reviews_enabled',
  body: productGroupInput,
  status: 201,
  handler: ({ ctx, body }) => createProductGroup(ctx.principal.companyId, body),
})
