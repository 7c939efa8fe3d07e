// Export of the account's data (/settings/data): a set of CSV files — profiles, list and segment
// memberships, events — built by a job into the downloads area, so they appear in the requesting
// owner's downloads (lib/downloads shows a download only to the user who asked). Owners only:
// it is every profile's personal data. Events are capped at EVENT_CAP rows (the newest), since a
// download is kept in the database; the screen says so.
import { db } from '@/lib/db/client'
import { enqueue } from '@/lib/jobs/queue'
import { forbidden } from '@/lib/errors/app-error'
import { csvDocument } from '@/lib/text/csv-writer'

export const ACCOUNT_EXPORT_JOB = 'data-settings.account-export'
export const ACCOUNT_EXPORT_TYPE = 'account_export'
export const EVENT_CAP = 100_000
const PAGE = 2000

const PROFILE_COLUMNS = [
  'id',
  'email',
  'phoneNumber',
  'externalId',
  'firstName',
  'lastName',
  'organization',
  'city',
  'region',
  'country',
  'zip',
  'timezone',
  'locale',
  'properties',
  'createdAt',
] as const

const FILES = ['profiles', 'memberships', 'events'] as const

export async function requestAccountExport(companyId: number, userId: number, role: string) {
  if (role !== 'owner') throw forbidden('Only an owner of the account can export all of its data.')
  const stamp = new Date().toISOString().slice(0, 10)
  const rows = []
  for (const f of FILES)
    rows.push(
      await db.download.create({
        data: { companyId, userId, type: ACCOUNT_EXPORT_TYPE, fileName: `account-${companyId}-${f}-${stamp}.csv` },
      }),
    )
  const ids = rows.map((r) => r.id)
  const jobId = await enqueue(ACCOUNT_EXPORT_JOB, { downloadIds: ids }, { companyId })
  await db.download.updateMany({ where: { companyId, id: { in: ids } }, data: { jobId } })
  return { downloadIds: ids }
}

/** Keyset pages of a company's profiles (never the whole table in memory at once). */
async function profilesCsv(companyId: number) {
  const out: (string | number | null)[][] = []
  let after = ''
  for (;;) {
    const page = await db.profile.findMany({
      where: { companyId, id: { gt: after } },
      orderBy: { id: 'asc' },
      take: PAGE,
      select: Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, true])) as Record<
        (typeof PROFILE_COLUMNS)[number],
        true
      >,
    })
    for (const p of page)
      out.push(
        PROFILE_COLUMNS.map((c) => {
          const v = (p as Record<string, unknown>)[c]
          return v instanceof Date ? v.toISOString() : (v as string | number | null)
        }),
      )
    if (page.length < PAGE) break
    after = page[page.length - 1]!.id
  }
  return { content: csvDocument(PROFILE_COLUMNS, out), rows: out.length }
}

async function membershipsCsv(companyId: number) {
  const groups = new Map(
    (await db.group.findMany({ where: { companyId }, select: { id: true, name: true, type: true } })).map((g) => [
      g.id,
      g,
    ]),
  )
  const out: (string | null)[][] = []
  let after = 0
  for (;;) {
    const page = await db.groupMembership.findMany({
      where: { companyId, id: { gt: after } },
      orderBy: { id: 'asc' },
      take: PAGE,
      select: { id: true, groupId: true, profileId: true, enteredAt: true, leftAt: true },
    })
    for (const m of page) {
      const g = groups.get(m.groupId)
      out.push([
        m.groupId,
        g?.name ?? null,
        g?.type === 1 ? 'segment' : 'list',
        m.profileId,
        m.enteredAt.toISOString(),
        m.leftAt?.toISOString() ?? null,
      ])
    }
    if (page.length < PAGE) break
    after = page[page.length - 1]!.id
  }
  return {
    content: csvDocument(['groupId', 'groupName', 'kind', 'profileId', 'enteredAt', 'leftAt'], out),
    rows: out.length,
  }
}

async function eventsCsv(companyId: number) {
  const metrics = new Map(
    (await db.metric.findMany({ where: { companyId }, select: { id: true, name: true } })).map((m) => [m.id, m.name]),
  )
  const out: (string | number | null)[][] = []
  let before = 2_147_483_647
  while (out.length < EVENT_CAP) {
    const page = await db.event.findMany({
      where: { companyId, id: { lt: before } },
      orderBy: { id: 'desc' },
      take: Math.min(PAGE, EVENT_CAP - out.length),
      select: { id: true, profileId: true, metricId: true, ts: true, value: true, currency: true, properties: true },
    })
    for (const e of page)
      out.push([
        e.id,
        e.profileId,
        metrics.get(e.metricId) ?? e.metricId,
        new Date(e.ts * 1000).toISOString(),
        e.value,
        e.currency,
        e.properties,
      ])
    if (page.length < PAGE) break
    before = page[page.length - 1]!.id
  }
  return {
    content: csvDocument(['id', 'profileId', 'metric', 'time', 'value', 'currency', 'properties'], out),
    rows: out.length,
  }
}

const BUILDERS = { profiles: profilesCsv, memberships: membershipsCsv, events: eventsCsv }

/** Fills the export's downloads; a repeat after a crash rebuilds any not complete yet. */
export async function buildAccountExport(companyId: number, downloadIds: number[]) {
  const rows = await db.download.findMany({
    where: { companyId, type: ACCOUNT_EXPORT_TYPE, id: { in: downloadIds } },
    orderBy: { id: 'asc' },
  })
  for (const d of rows) {
    if (d.status === 'complete') continue
    const kind = FILES.find((f) => d.fileName.includes(`-${f}-`))
    if (!kind) continue
    await db.download.updateMany({ where: { companyId, id: d.id }, data: { status: 'processing' } })
    const { content, rows: n } = await BUILDERS[kind](companyId)
    await db.download.updateMany({
      where: { companyId, id: d.id },
      data: { status: 'complete', content, rowCount: n, completedAt: new Date() },
    })
  }
}

/** The account's export downloads the user can see (the newest set first). */
export async function listAccountExports(companyId: number, userId: number) {
  const rows = await db.download.findMany({
    where: { companyId, userId, type: ACCOUNT_EXPORT_TYPE },
    orderBy: { id: 'desc' },
    take: 12,
    select: { id: true, fileName: true, status: true, rowCount: true, createdAt: true },
  })
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), fileUrl: `/ajax/downloads/${r.id}/file` }))
}
