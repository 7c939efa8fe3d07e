// Attributes a PATCH body may not change (an identifier set at creation). Unknown keys are
// ignored as the vendor ignores them, but one of these is a known field the caller expects to
// change, so it is a 400 naming it rather than a silent no-op.
import { z } from 'zod'

export function readOnlyAttributes<const K extends string>(...names: K[]): Record<K, z.ZodOptional<z.ZodUndefined>> {
  const shape = {} as Record<K, z.ZodOptional<z.ZodUndefined>>
  for (const n of names) shape[n] = z.undefined({ error: `${n} cannot be changed once created.` }).optional()
  return shape
}
