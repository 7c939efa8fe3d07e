// The live count in the segment builder: the compiled predicate counted over the company's
// profiles, without writing anything.
import { sqlite } from '@/lib/db/sqlite'
import { parseDefinitionOrThrow } from './validate-definition-refs'
import { memberQuery } from './compile-definition'
import { nowSeconds } from './clock'
import { companyTimeZone } from './company-time-zone'
import type { SegmentDefinition } from './definition'

export async function previewSegmentCount(companyId: number, definition: SegmentDefinition | unknown): Promise<number> {
  const def = parseDefinitionOrThrow(companyId, definition)
  const q = memberQuery(companyId, def, { now: nowSeconds(), timeZone: companyTimeZone(companyId) })
  return sqlite().prepare(`SELECT COUNT(*) FROM (${q.sql})`).pluck().get(...q.params) as number
}
