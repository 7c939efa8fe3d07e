// Changing the account's time zone. The change and its audit row are written together; then
// everything that turns instants into local days follows at once: metric buckets, list growth,
// the UI's dates and the dashboard's "today" read Company.timezone on every request, segment
// evaluation reads it on every compile (lib/segments/company-time-zone.ts, uncached), and the
// stored memberships of segments whose conditions fall on day boundaries are recomputed.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import {
  DATE_FIELDS,
  conditionsOf,
  segmentDefinition,
  type SegmentDefinition,
  type BuiltinField,
} from '@/lib/segments/definition'
import { invalidateSegmentCache } from '@/lib/segments/active-segments'
import { scheduleRecompute } from '@/lib/segments/schedule-recompute'
import { isTimeRelative } from '@/lib/segments/definition'
import { normaliseTimeZone, UNKNOWN_TIME_ZONE } from '@/lib/metrics/time-zones'
import { recordAudit } from './record-audit'

/** Whether a segment's members depend on where the company's days begin and end. */
export function dependsOnTimeZone(def: SegmentDefinition): boolean {
  return conditionsOf(def).some(
    (c) =>
      (c.kind === 'metric' && c.timeframe.type !== 'all_time') ||
      (c.kind === 'profile_property' && (c.valueType === 'date' || DATE_FIELDS.includes(c.field as BuiltinField))),
  )
}

export async function getCompanyTimeZone(companyId: number): Promise<string> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  return normaliseTimeZone(company?.timezone) ?? 'UTC'
}

export async function changeCompanyTimeZone(companyId: number, userId: number | null, value: string) {
  const timezone = normaliseTimeZone(value)
  if (!timezone) throw badRequest('Please correct the highlighted fields.', { timezone: [UNKNOWN_TIME_ZONE] })
  const before = await db.company.findUnique({ where: { id: companyId }, select: { timezone: true } })
  if (!before) throw badRequest('Account not found.')
  if (before.timezone === timezone) return { timezone, changed: false, recomputing: 0 }
  await db.$transaction(async (tx) => {
    await tx.company.update({ where: { id: companyId }, data: { timezone } })
    await recordAudit(tx, {
      companyId,
      userId,
      action: 'company.timezone_changed',
      details: { from: before.timezone, to: timezone },
    })
  })
  invalidateSegmentCache(companyId)
  const segments = await db.group.findMany({
    where: { companyId, type: 1, deletedAt: null, isActive: true, definition: { not: null } },
    select: { id: true, definition: true },
  })
  let recomputing = 0
  for (const s of segments) {
    const parsed = segmentDefinition.safeParse(safeJson(s.definition))
    if (!parsed.success || !dependsOnTimeZone(parsed.data)) continue
    await scheduleRecompute(companyId, s.id, { timeRelative: isTimeRelative(parsed.data) })
    recomputing++
  }
  return { timezone, changed: true, recomputing }
}

function safeJson(text: string | null): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}
