// CSV export of /people/subscribers as shown (view, consent filter, search, sort) into a Download
// listed at /downloads, written through the shared CSV writer. Up to EXPORT_PEOPLE_LIMIT profiles
// at once; a larger selection is refused with a 400 that says to narrow it.
import { db } from '@/lib/db/client'
import { toDate } from '@/lib/db/dialect'
import { read, select, selectFirst } from '@/lib/db/ops'
import { badRequest } from '@/lib/errors/app-error'
import { csvDocument } from '@/lib/text/csv-writer'
import { peopleFilters, peopleOrder, peopleQuery } from './people-query'

export const EXPORT_PEOPLE_LIMIT = 50_000
const COLUMNS = [
  'id',
  'email',
  'phone_number',
  'external_id',
  'first_name',
  'last_name',
  'organization',
  'city',
  'region',
  'country',
  'zip',
  'email_consent',
  'email_consent_method',
  'email_consent_source',
  'email_consented_at',
  'created_at',
]

export async function exportPeople(companyId: number, input: unknown, userId?: number) {
  const f = peopleFilters.parse(input ?? {})
  const count = Number(
    (await read(selectFirst(peopleQuery(companyId, f).select((eb) => eb.fn.countAll().as('n')))))?.n ?? 0,
  )
  if (count > EXPORT_PEOPLE_LIMIT) {
    const message = `At most ${EXPORT_PEOPLE_LIMIT.toLocaleString('en-US')} profiles can be exported at once; narrow the filters or the search.`
    throw badRequest(message, { view: [message] })
  }
  const found = await read(
    select(
      peopleQuery(companyId, f)
        .select([
          'p.id',
          'p.email',
          'p.phoneNumber',
          'p.externalId',
          'p.firstName',
          'p.lastName',
          'p.organization',
          'p.city',
          'p.region',
          'p.country',
          'p.zip',
          'pc.status',
          'pc.method',
          'pc.source',
          'pc.consentedAt',
          'p.createdAt',
        ])
        .orderBy(peopleOrder(f.sort)),
    ),
  )
  const iso = (v: unknown) => toDate(v)?.toISOString() ?? null
  const rows = found.map((r) => [
    r.id,
    r.email,
    r.phoneNumber,
    r.externalId,
    r.firstName,
    r.lastName,
    r.organization,
    r.city,
    r.region,
    r.country,
    r.zip,
    r.status ?? 'never_subscribed',
    r.method,
    r.source,
    iso(r.consentedAt),
    iso(r.createdAt),
  ])
  const fileName = `${f.view === 'all' ? 'all-profiles' : 'email-subscribers'}-${new Date().toISOString().slice(0, 10)}.csv`
  const d = await db.download.create({
    data: {
      companyId,
      userId: userId ?? null,
      type: 'profiles',
      status: 'complete',
      fileName,
      content: csvDocument(COLUMNS, rows),
      rowCount: rows.length,
      completedAt: new Date(),
    },
  })
  return { downloadId: d.id, status: d.status, rowCount: rows.length, fileName }
}
