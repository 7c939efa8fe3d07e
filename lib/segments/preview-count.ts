// The live count in the segment builder: the compiled predicate counted over the company's
// profiles, without writing anything, within the preview time limit (bounded-count.ts).
import { parseDefinitionOrThrow } from './validate-definition-refs'
import { compileDefinition } from './compile-definition'
import { nowSeconds } from './clock'
import { companyTimeZone } from './company-time-zone'
import { boundedCount } from './bounded-count'
import type { SegmentDefinition } from './definition'

export async function previewSegmentCount(
  companyId: number,
  definition: SegmentDefinition | unknown,
  opts: { timeoutMs?: number } = {},
): Promise<number> {
  const def = await parseDefinitionOrThrow(companyId, definition)
  const pred = compileDefinition(def, { now: nowSeconds(), timeZone: await companyTimeZone(companyId) })
  return boundedCount(companyId, pred, opts)
}
