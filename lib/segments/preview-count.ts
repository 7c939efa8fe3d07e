// The live count in the segment builder: the compiled predicate counted over the company's
// profiles, without writing anything.
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { parseDefinitionOrThrow } from './validate-definition-refs'
import { memberQuery } from './compile-definition'
import { nowSeconds } from './clock'
import { companyTimeZone } from './company-time-zone'
import { sql } from './sql-fragment'
import type { SegmentDefinition } from './definition'

export async function previewSegmentCount(companyId: number, definition: SegmentDefinition | unknown): Promise<number> {
  const def = await parseDefinitionOrThrow(companyId, definition)
  const q = memberQuery(companyId, def, { now: nowSeconds(), timeZone: await companyTimeZone(companyId) })
  const row = await read(selectFirst<{ n: number | string }>(sql`SELECT COUNT(*) AS "n" FROM (${q}) AS m`.compile(kysely())))
  return Number(row?.n ?? 0)
}
