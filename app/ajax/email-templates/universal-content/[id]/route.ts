import { ajax, z } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import {
  deleteUniversalContent,
  getUniversalContentOrThrow,
  universalContentInfo,
  universalDefinition,
  updateUniversalContent,
} from '@/lib/templates/store/universal-content'
import { propagateUniversalContent, templatesUsing } from '@/lib/templates/store/universal-content-usage'
import { recompileAfterTranslationChange } from '@/lib/templates/store/saved-content-translations'
import { deleteOwnerTranslations } from '@/lib/templates/translations/translation-store'
import { leafBlock } from '@/lib/templates/block-definition'
import { blockToVendor } from '@/lib/templates/vendor-definition'

const SAVEABLE = ['text', 'image', 'button', 'divider', 'spacer', 'html']

// GET /ajax/email-templates/universal-content/{id} – one saved content block and the templates that use it
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx, params }) => {
    const companyId = ctx.principal.companyId
    const item = universalContentInfo(await getUniversalContentOrThrow(companyId, params.id!))
    return { item, usedIn: await templatesUsing(companyId, item.id) }
  },
})

// PUT /ajax/email-templates/universal-content/{id} – saves its name and block ({name?, block?}); the templates using it are updated
export const PUT = ajax({
  resources: ['templates_write'],
  body: z.object({ name: z.string().max(255).optional(), block: leafBlock.optional() }),
  handler: async ({ ctx, params, body }) => {
    const companyId = ctx.principal.companyId
    if (body.block && !SAVEABLE.includes(body.block.type))
      throw badRequest('This kind of block cannot be saved content.', { block: ['Unsupported block type.'] })
    const definition = body.block ? universalDefinition.parse(blockToVendor(body.block)) : undefined
    const saved = await updateUniversalContent(companyId, params.id!, { name: body.name, definition })
    const updatedTemplates = body.block ? await propagateUniversalContent(companyId, saved.id, body.block) : 0
    return { item: universalContentInfo(saved), updatedTemplates, usedIn: await templatesUsing(companyId, saved.id) }
  },
})

// PATCH /ajax/email-templates/universal-content/{id} – renames a saved content block ({name})
export const PATCH = ajax({
  resources: ['templates_write'],
  body: z.object({ name: z.string().max(255) }),
  handler: async ({ ctx, body, params }) => ({
    item: universalContentInfo(await updateUniversalContent(ctx.principal.companyId, params.id!, { name: body.name })),
  }),
})

// DELETE /ajax/email-templates/universal-content/{id} – deletes a saved content block (templates that used it keep their copy)
export const DELETE = ajax({
  resources: ['templates_write'],
  handler: async ({ ctx, params }) => {
    await deleteUniversalContent(ctx.principal.companyId, params.id!)
    await deleteOwnerTranslations(ctx.principal.companyId, { universalContentId: params.id! })
    await recompileAfterTranslationChange(ctx.principal.companyId, { universalContentId: params.id! })
    return { deleted: true }
  },
})
