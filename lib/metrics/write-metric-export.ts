// The 'metrics.export' job: writes the events of the range as CSV into the Download. Idempotent:
// a retry rebuilds the same file from the same rows and overwrites it.
import { db } from '@/lib/db/client'
import { read, select } from '@/lib/db/ops'
import { csvLine } from '@/lib/text/csv-writer'
import { formatZonedIso } from './zoned-time'
import type { MetricExportPayload } from './metric-export'
import { eventViewQuery } from './event-view'

const CHUNK = 5000
const PII = ['Email', 'Phone Number', 'First Name', 'Last Name']
const header = (pii: boolean) => [
  'Event ID',
  'Time',
  'Metric',
  'Profile ID',
  ...(pii ? PII : []),
  'Value',
  'Currency',
  'Unique ID',
]

interface Row {
  id: number
  ts: number
  value: number | null
  currency: string | null
  uniqueId: string | null
  properties: string
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
}

function parse(json: string): Record<string, unknown> {
  try {
    const v = JSON.parse(json)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {}
  } catch {
    return {}
  }
}

export async function writeMetricExport(p: MetricExportPayload, companyId: number | null): Promise<void> {
  const download = await db.download.findFirst({
    where: { id: p.downloadId, ...(companyId != null ? { companyId } : {}) },
  })
  if (!download) return // deleted meanwhile: nothing to write
  const metric = await db.metric.findFirst({ where: { id: p.metricId, companyId: download.companyId } })
  await db.download.update({ where: { id: download.id }, data: { status: 'processing', rowCount: 0 } })

  // Keyset pages in (ts, id) order; between pages the progress is saved for the poll.
  const page = (after: { ts: number; id: number } | null) =>
    read(
      select(
        eventViewQuery()
          .where('e.companyId', '=', download.companyId)
          .where('e.metricId', '=', metric!.id)
          .where('e.ts', '>=', Math.ceil(p.start / 1000))
          .where('e.ts', '<', Math.ceil(p.end / 1000))
          .$if(after !== null, (q) =>
            q.where((eb) =>
              eb.or([eb('e.ts', '>', after!.ts), eb.and([eb('e.ts', '=', after!.ts), eb('e.id', '>', after!.id)])]),
            ),
          )
          .orderBy('e.ts')
          .orderBy('e.id')
          .limit(CHUNK),
      ),
    )
  const rows: Array<{ r: Row; props: Record<string, unknown> }> = []
  const keys = new Set<string>()
  let cursor: { ts: number; id: number } | null = null
  for (;;) {
    const chunk: Row[] = metric ? await page(cursor) : []
    for (const r of chunk) {
      const props = parse(r.properties)
      for (const k of Object.keys(props)) keys.add(k)
      rows.push({ r, props })
    }
    if (chunk.length < CHUNK) break
    const last = chunk[chunk.length - 1]!
    cursor = { ts: last.ts, id: last.id }
    await db.download.update({ where: { id: download.id }, data: { rowCount: rows.length } })
  }

  const propertyKeys = [...keys].sort((a, b) => a.localeCompare(b))
  // Names, emails and phone numbers only for users who may export personal data (metrics_export_pii).
  const pii = p.includePii !== false
  const parts = [csvLine([...header(pii), ...propertyKeys])]
  for (const { r, props } of rows) {
    parts.push(
      csvLine([
        r.id,
        formatZonedIso(p.timeZone, r.ts * 1000),
        metric?.name ?? '',
        r.profileId,
        ...(pii ? [r.email, r.phoneNumber, r.firstName, r.lastName] : []),
        r.value,
        r.currency,
        r.uniqueId,
        ...propertyKeys.map((k) => props[k]),
      ]),
    )
  }
  await db.download.update({
    where: { id: download.id },
    data: { content: parts.join(''), rowCount: rows.length, status: 'complete', completedAt: new Date() },
  })
}
