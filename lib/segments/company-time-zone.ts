// The company's time zone, which gives a segment definition's dates their local days.
import { prep } from '@/lib/db/sqlite'
import { isValidTimeZone } from '@/lib/metrics/zoned-time'

export function companyTimeZone(companyId: number): string {
  const tz = prep(`SELECT timezone FROM Company WHERE id = ?`).pluck().get(companyId)
  return isValidTimeZone(tz) ? tz : 'UTC'
}
