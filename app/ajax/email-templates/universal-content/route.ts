import { ajax, z } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import {
  createUniversalContent,
  listUniversalContentForEditor,
  universalContentInfo,
  universalDefinition,
} from '@/lib/templates/store/universal-content'
import { leafBlock } from '@/lib/templates/block-definition'
import { usageCounts } from '@/lib/templates/store/universal-content-usage'
import { blockToVendor } from '@/lib/templates/vendor-definition'

// GET /ajax/email-templates/universal-content?search=&usage=1 – the saved content blocks (with usage=1: how many templates use each)
export const GET = ajax({
  resources: ['templates_read'],
  query: z.object({ search: z.string().trim().max(255).optional(), usage: z.enum(['1']).optional() }),
  handler: async ({ ctx, query }) => {
    const items = await listUniversalContentForEditor(ctx.principal.companyId, query.search)
    if (!query.usage) return { items }
    const counts = await usageCounts(ctx.principal.companyId)
    return { items: items.map((i) => ({ ...i, usedIn: counts[i.id] ?? 0 })) }
  },
})

const SAVEABLE = 'Only text, image, button, divider, spacer and HTML blocks can be saved as saved content.'

// POST /ajax/email-templates/universal-content – saves a block of the editor as saved content ({name, block})
export const POST = ajax({
  resources: ['templates_write'],
  body: z.object({ name: z.string().max(255), block: leafBlock }),
  handler: async ({ ctx, body }) => {
    if (!['text', 'image', 'button', 'divider', 'spacer', 'html'].includes(body.block.type))
      throw badRequest(SAVEABLE, { block: [SAVEABLE] })
    const definition = universalDefinition.parse(blockToVendor(body.block))
    return {
      item: universalContentInfo(
        await createUniversalContent(ctx.principal.companyId, { name: body.name, definition }),
      ),
    }
  },
})
