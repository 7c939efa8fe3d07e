import { ajax, z } from '@/lib/http/ajax'
import { addFont, addFontSchema, FONT_SOURCES, HOSTED_FAMILIES, listFonts } from '@/lib/brand/fonts'

// GET /ajax/asset-library/fonts – the library's fonts (optionally of one source) and the hosted catalogue
export const GET = ajax({
  resources: ['templates_read'],
  query: z.object({ source: z.enum(FONT_SOURCES).optional() }),
  handler: async ({ ctx, query }) => ({
    fonts: await listFonts(ctx.principal.companyId, query.source),
    hosted: HOSTED_FAMILIES,
  }),
})

// POST /ajax/asset-library/fonts – adds a hosted family or a web font by stylesheet URL
export const POST = ajax({
  resources: ['templates_write'],
  status: 201,
  body: addFontSchema,
  handler: async ({ ctx, body }) => ({ font: await addFont(ctx.principal.companyId, body) }),
})
