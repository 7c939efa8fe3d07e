import { ajax } from '@/lib/http/ajax'
import { readScreenshot, saveScreenshot } from '@/lib/flows/ajax/other-misc'

// PUT /ajax/flow/[id]/screenshot – stores the flow's screenshot (a PNG: image/png body, or {"image": data URL}) under DATA_DIR
export const PUT = ajax({
  resources: ['flows_write'],
  handler: ({ ctx, params }) => saveScreenshot(ctx.principal.companyId, params.id!, ctx.req),
})

// GET /ajax/flow/[id]/screenshot – the stored screenshot (404 when there is none)
export const GET = ajax({
  resources: ['flows_read'],
  handler: async ({ ctx, params }) => {
    const png = await readScreenshot(ctx.principal.companyId, params.id!)
    if (!png) return Response.json({ error: 'not_found', message: 'This flow has no screenshot.' }, { status: 404 })
    return new Response(new Uint8Array(png), {
      headers: { 'content-type': 'image/png', 'cache-control': 'private, no-cache' },
    })
  },
})
