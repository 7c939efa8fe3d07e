// The company's currency (ISO 4217), in which every report shows its revenue figures.
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'

export async function companyCurrency(companyId: number): Promise<string> {
  const row = await read(selectFirst(kysely().selectFrom('Company').select('currency').where('id', '=', companyId)))
  return row?.currency ?? 'USD'
}
