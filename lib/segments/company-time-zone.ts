// The company's time zone, which gives a segment definition's dates their local days.
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst, type Ops } from '@/lib/db/ops'
import { isValidTimeZone } from '@/lib/metrics/zoned-time'

export function* companyTimeZoneOps(companyId: number): Ops<string> {
  const row = yield* selectFirst(kysely().selectFrom('Company').select('timezone').where('id', '=', companyId))
  const tz = row?.timezone
  return isValidTimeZone(tz) ? tz : 'UTC'
}

export function companyTimeZone(companyId: number): Promise<string> {
  return read(companyTimeZoneOps(companyId))
}
