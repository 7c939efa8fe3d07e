import { ajax } from '@/lib/http/ajax'
import { getHubSettings, hubContent, saveHubSettings } from '@/lib/customer-hub/hub-settings'

const blocksBody = hubContent.pick({ blocks: true }).strict()

// GET /ajax/customer-hub/content-blocks – the content blocks shown on the hub
export const GET = ajax({
  handler: async ({ ctx }) => ({ blocks: (await getHubSettings(ctx.principal.companyId)).content.blocks }),
})

// POST /ajax/customer-hub/content-blocks – replaces the content blocks {blocks: [{title, body}]}
export const POST = ajax({
  body: blocksBody,
  handler: async ({ ctx, body }) => {
    const { content } = await getHubSettings(ctx.principal.companyId)
    const saved = await saveHubSettings(ctx.principal.companyId, { content: { ...content, blocks: body.blocks } })
    return { blocks: saved.content.blocks }
  },
})
