// Request bodies of /api/tags and /api/tag-groups (the reference's create, update and link ops).
import { z } from 'zod'

export const createTagApiBody = z.object({
  data: z.object({
    type: z.literal('tag'),
    attributes: z.object({
      name: z.string().trim().min(1, 'A tag name is required.').max(100, 'A tag name has at most 100 characters.'),
    }),
    relationships: z
      .object({
        'tag-group': z.object({ data: z.object({ type: z.literal('tag-group'), id: z.string().min(1).max(64) }) }),
      })
      .optional(),
  }),
})

export const updateTagApiBody = z.object({
  data: z.object({
    type: z.literal('tag'),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string().trim().min(1, 'A tag name is required.').max(100, 'A tag name has at most 100 characters.'),
    }),
  }),
})

export const createTagGroupApiBody = z.object({
  data: z.object({
    type: z.literal('tag-group'),
    attributes: z.object({
      name: z
        .string()
        .trim()
        .min(1, 'A tag group name is required.')
        .max(100, 'A tag group name has at most 100 characters.'),
      exclusive: z.boolean().nullable().optional(),
    }),
  }),
})

export const updateTagGroupApiBody = z.object({
  data: z.object({
    type: z.literal('tag-group'),
    id: z.string().min(1),
    attributes: z.object({
      name: z
        .string()
        .trim()
        .min(1, 'A tag group name is required.')
        .max(100, 'A tag group name has at most 100 characters.'),
      return_fields: z.array(z.string()).nullable().optional(),
    }),
  }),
})

export const tagLinkBody = (type: string) =>
  z.object({
    data: z
      .array(z.object({ type: z.literal(type, `Each item's type must be "${type}".`), id: z.string().min(1).max(64) }))
      .max(1000, 'At most 1000 resources per call.'),
  })
