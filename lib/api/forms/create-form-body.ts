// POST /api/forms: the vendor's FormCreateQuery. The definition's versions are checked by
// parseFormVersion, each error pointing into the request body.
import { z } from 'zod'
import { pointerBelow, type PointerFor } from '@/lib/api/api-error'

export const createFormApiBody = z.object({
  data: z.object({
    type: z.literal('form'),
    attributes: z.object({
      name: z.string(),
      status: z.literal('draft'),
      ab_test: z.boolean(),
      definition: z.object({ versions: z.array(z.unknown()).min(1, 'A form needs at least one version.') }),
    }),
  }),
})
export type CreateFormApiBody = z.infer<typeof createFormApiBody>

export const DEFINITION_POINTER = '/data/attributes/definition'

/** Store errors keyed by a JSON pointer are already pointers; other fields sit below attributes. */
export const formPointer: PointerFor = (field) =>
  field.startsWith('/')
    ? field
    : field === 'definition.versions'
      ? `${DEFINITION_POINTER}/versions`
      : pointerBelow('/data/attributes')(field)
