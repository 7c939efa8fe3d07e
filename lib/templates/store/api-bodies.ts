// The request bodies of the /api template and image endpoints (zod), as the reference has them.
import { z } from 'zod'
import { EDITOR_TYPES } from './template-view'
import { universalDefinition } from './universal-content'

const optText = z.string().nullable().optional()

export const createTemplateApiBody = z.object({
  data: z.object({
    type: z.literal('template'),
    attributes: z.object({
      name: z.string({ error: 'name is required.' }),
      editor_type: z.enum(EDITOR_TYPES, { error: 'editor_type must be CODE, USER_DRAGGABLE or SYSTEM_DRAGGABLE.' }),
      html: optText,
      definition: z.unknown().optional(),
      text: optText,
      amp: optText,
    }),
  }),
})

export const updateTemplateApiBody = z.object({
  data: z.object({
    type: z.literal('template'),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string().nullable().optional(),
      html: optText,
      definition: z.unknown().optional(),
      text: optText,
      amp: optText,
    }),
  }),
})

export const renderTemplateApiBody = z.object({
  data: z.object({
    type: z.literal('template'),
    id: z.string().min(1),
    attributes: z.object({ context: z.record(z.string(), z.unknown(), { error: 'context must be an object.' }) }),
  }),
})

export const cloneTemplateApiBody = z.object({
  data: z.object({
    type: z.literal('template'),
    id: z.string().min(1),
    attributes: z.object({ name: z.string().nullable().optional() }).optional(),
  }),
})

export const createUniversalApiBody = z.object({
  data: z.object({
    type: z.literal('template-universal-content'),
    attributes: z.object({ name: z.string({ error: 'name is required.' }), definition: universalDefinition }),
  }),
})

export const updateUniversalApiBody = z.object({
  data: z.object({
    type: z.literal('template-universal-content'),
    id: z.string().min(1),
    attributes: z.object({ name: z.string().nullable().optional(), definition: universalDefinition.optional() }),
  }),
})

export const importImageApiBody = z.object({
  data: z.object({
    type: z.literal('image'),
    attributes: z.object({
      name: z.string().nullable().optional(),
      import_from_url: z.string({ error: 'import_from_url is required.' }),
      hidden: z.boolean().nullable().optional(),
    }),
  }),
})

export const updateImageApiBody = z.object({
  data: z.object({
    type: z.literal('image'),
    id: z.string().min(1),
    attributes: z.object({ name: z.string().nullable().optional(), hidden: z.boolean().nullable().optional() }),
  }),
})
