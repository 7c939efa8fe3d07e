// Where a webhook field error points in the /api body: attributes, or the topics relationship.
import { pointerBelow, type PointerFor } from '@/lib/api/api-error'

export const webhookPointer: PointerFor = (field) =>
  field === 'webhook-topics' ? '/data/relationships/webhook-topics/data' : pointerBelow('/data/attributes')(field)
