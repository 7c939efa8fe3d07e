import { apiRoute } from '@/lib/api/api-route'
import { createUniversalApiBody } from '@/lib/templates/store/api-bodies'
import { listUniversalContentPage, serializeUniversalContent } from '@/lib/templates/store/api-resources'
import { createUniversalContent, type UniversalDefinition } from '@/lib/templates/store/universal-content'

// GET /api/template-universal-content – saved content blocks, 20 per page (100 at most)
export const GET = apiRoute({
  scopes: ['templates:read'],
  rate: 'L',
  handler: ({ ctx }) => listUniversalContentPage(ctx.companyId, ctx.url),
})

// POST /api/template-universal-content – saves a content block (201)
export const POST = apiRoute({
  scopes: ['templates:write'],
  rate: 'M',
  body: createUniversalApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const u = await createUniversalContent(ctx.companyId, {
      name: a.name,
      definition: a.definition as UniversalDefinition,
    })
    const data = serializeUniversalContent(ctx.url, u)
    return { data, links: { self: data.links.self } }
  },
})
