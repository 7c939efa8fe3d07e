// The /objects builder's save body (the /ajax family): the same fields as the /api schema, flat.
import { z } from 'zod'
import { FIELD_TYPES, PROFILE_ID_TYPES } from './types'

export const builderBody = z
  .object({
    title: z.string().trim().min(1, 'A name is required.').max(255),
    key: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9-]*$/, 'Use lower-case letters, digits and dashes.')
      .optional(),
    status: z.enum(['draft', 'active']).default('active'),
    fields: z
      .array(
        z.object({
          name: z.string().trim().min(1, 'A field needs a name.').max(100),
          type: z.enum(FIELD_TYPES),
          path: z.string().trim().max(200).optional(),
        }),
      )
      .max(200),
    dataSourceId: z.string().trim().max(64).nullish(),
    idPath: z.string().trim().min(1).max(200).default('id'),
    profileIdType: z.enum(PROFILE_ID_TYPES).nullish(),
    profilePath: z.string().trim().max(200).nullish(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>()
    v.fields.forEach((f, i) => {
      if (seen.has(f.name))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: 'Field names must differ.' })
      seen.add(f.name)
    })
    if (v.profileIdType && !v.profilePath)
      ctx.addIssue({ code: 'custom', path: ['profilePath'], message: 'Say where the identifier is in a record.' })
  })
export type BuilderBody = z.infer<typeof builderBody>

/** The builder's fields with ids and paths, as the object type keeps them. */
export const toFields = (b: BuilderBody) =>
  b.fields.map((f, i) => ({ id: i + 1, name: f.name, type: f.type, path: f.path || f.name }))
