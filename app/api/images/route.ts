import { apiRoute } from '@/lib/api/api-route'
import { importImageApiBody } from '@/lib/templates/store/api-bodies'
import { listImagesPage, serializeImage } from '@/lib/templates/store/api-resources'
import { fetchImageUrl } from '@/lib/templates/store/fetch-image-url'
import { storeImage } from '@/lib/templates/store/image-store'

// GET /api/images – the account's images, 20 per page (100 at most)
export const GET = apiRoute({
  scopes: ['images:read'],
  rate: 'L',
  handler: ({ ctx }) => listImagesPage(ctx.companyId, ctx.url),
})

// POST /api/images – imports an image from a public URL (201); the bytes must be a real image
export const POST = apiRoute({
  scopes: ['images:write'],
  rate: 'S',
  body: importImageApiBody,
  status: 201,
  handler: async ({ ctx, body }) => {
    const a = body.data.attributes
    const bytes = await fetchImageUrl(a.import_from_url)
    const fromUrl = decodeURIComponent(new URL(a.import_from_url).pathname.split('/').pop() || '')
    const img = await storeImage(ctx.companyId, bytes, {
      name: a.name || fromUrl || null,
      hidden: !!a.hidden,
      sourceUrl: a.import_from_url,
      field: 'import_from_url',
    })
    const data = serializeImage(ctx.url, img)
    return { data, links: { self: data.links.self } }
  },
})
