/** @jest-environment node */
// Imports: CSV to a list (line-numbered row errors, never a silent drop, progress), the API
// bulk import, idempotent re-runs, tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { createCsvImport } from '@/lib/imports/create-csv-import'
import { createProfileBulkImport } from '@/lib/imports/create-bulk-import'
import { getImportJob, importErrors, listImportJobs } from '@/lib/imports/get-import-job'
import { IMPORT_CHUNK, loadImport } from '@/lib/imports/run-import'
import { processCsvImport } from '@/lib/imports/process-imports'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'

let companyId: number
let n = 0
beforeEach(async () => {
  companyId = (await makeCompany()).id
})
const list = () => db.group.create({ data: { id: `I${String(++n).padStart(5, '0')}`, companyId, name: `Import ${n}` } })
const mapping = { Email: 'email', First: 'first_name', City: 'city', Size: 'properties.size', Notes: 'skip' }

test('a CSV with malformed rows: good rows imported into the list, every bad row reported by line and field', async () => {
  const l = await list()
  const csv = [
    'Email,First,City,Size,Notes',
    'ann@example.com,Ann,Lisbon,42,x', //           line 2
    'not-an-email,Bob,Porto,40,x', //               line 3: bad email
    'cat@example.com,Cat,Faro', //                  line 4: wrong column count
    '',
    'dan@example.com,"Dan ""the man""",Braga,44,"multi', // line 6-7: quoted newline
    'line note"',
    ',NoId,Nowhere,1,x', //                          line 8: no identifier
    'eve@example.com,Eve,"Évora,39,x', //            line 9: unterminated quote (eats the rest)
    'fay@example.com,Fay,Faro,38,x',
  ].join('\n')
  const job = await createCsvImport(companyId, { listId: l.id, csv, mapping })
  expect(job).toMatchObject({ kind: 'csv', status: 'queued', totalCount: 6 })
  await runJobsUntilIdle()
  const done = (await getImportJob(companyId, job.id))!
  expect(done).toMatchObject({ status: 'complete', completedCount: 2, failedCount: 4 })
  expect(importErrors(done)).toEqual([
    { line: 3, field: 'Email', message: 'Invalid email address.' },
    { line: 4, message: 'Expected 5 columns, found 3.' },
    { line: 8, message: 'The row has no email, phone number or external id.' },
    { line: 9, message: 'Unterminated quoted field; the rest of the file could not be read.' },
  ])
  const members = await db.groupMembership.findMany({ where: { groupId: l.id }, include: { profile: true } })
  expect(members.map((m) => [m.profile.email, m.source]).sort()).toEqual([
    ['ann@example.com', 'csv_import'],
    ['dan@example.com', 'csv_import'],
  ])
  const ann = members.find((m) => m.profile.email === 'ann@example.com')!.profile
  expect(ann).toMatchObject({ firstName: 'Ann', city: 'Lisbon' })
  expect(JSON.parse(ann.properties)).toEqual({ size: 42 })
  expect(members.find((m) => m.profile.email === 'dan@example.com')!.profile.firstName).toBe('Dan "the man"')
})

test('header and mapping are checked up front (400), the list must be the company’s (404)', async () => {
  const l = await list()
  const bad = await createCsvImport(companyId, {
    listId: l.id,
    csv: 'Email,First\na@b.co,A',
    mapping: { Mail: 'email', First: 'shoe_size' },
  }).catch((e) => e)
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.fieldErrors).sort()).toEqual(['mapping', 'mapping.First', 'mapping.Mail'])
  await expect(createCsvImport(companyId, { listId: l.id, csv: '   ', mapping: {} })).rejects.toMatchObject({
    status: 400,
  })
  const theirs = await db.group.create({ data: { id: 'THEIR9', companyId: (await makeCompany()).id, name: 'x' } })
  await expect(
    createCsvImport(companyId, { listId: theirs.id, csv: 'Email\na@b.co', mapping: { Email: 'email' } }),
  ).rejects.toMatchObject({ status: 404 })
})

test('progress is committed per chunk and a re-run resumes without double counting', async () => {
  const l = await list()
  const rows = Array.from({ length: IMPORT_CHUNK + 10 }, (_, i) => `p${i}@example.com`)
  const job = await createCsvImport(companyId, {
    listId: l.id,
    csv: ['Email', ...rows].join('\n'),
    mapping: { Email: 'email' },
  })
  await runJobsUntilIdle()
  const done = (await getImportJob(companyId, job.id))!
  expect(done).toMatchObject({ status: 'complete', completedCount: rows.length, failedCount: 0 })
  expect(await db.groupMembership.count({ where: { groupId: l.id } })).toBe(rows.length)
  // Simulate a crash after the first chunk: counts back to one chunk, the job delivered again.
  await db.importJob.update({ where: { id: job.id }, data: { status: 'processing', completedCount: IMPORT_CHUNK } })
  await processCsvImport((await loadImport(companyId, job.id))!)
  expect((await getImportJob(companyId, job.id))!).toMatchObject({ status: 'complete', completedCount: rows.length })
  expect(await db.profile.count({ where: { companyId } })).toBe(rows.length)
  expect(await db.groupMembership.count({ where: { groupId: l.id } })).toBe(rows.length)
}, 60_000) // 520 rows written one by one: seconds on a busy PostgreSQL

test('API bulk import: created and updated profiles, per-row errors, lists; scoped by company', async () => {
  const l = await list()
  await db.profile.create({
    data: { id: '01HZZZZZZZZZZZZZZZZZZZZZZZ', companyId, email: 'old@example.com', firstName: 'Old' },
  })
  const job = await createProfileBulkImport(companyId, {
    profiles: [{ email: 'old@example.com', firstName: 'Updated' }, { email: 'nope' }, { phoneNumber: '+15005550020' }],
    listIds: [l.id],
  })
  expect(job).toMatchObject({ kind: 'api_bulk', status: 'queued', totalCount: 3 })
  await runJobsUntilIdle()
  const done = (await getImportJob(companyId, job.id))!
  expect(done).toMatchObject({ status: 'complete', completedCount: 2, failedCount: 1 })
  expect(importErrors(done)).toEqual([{ line: 2, field: 'email', message: 'Invalid email address.' }])
  expect((await db.profile.findFirstOrThrow({ where: { companyId, email: 'old@example.com' } })).firstName).toBe(
    'Updated',
  )
  expect(await db.groupMembership.count({ where: { groupId: l.id } })).toBe(2)

  const other = (await makeCompany()).id
  expect(await getImportJob(other, job.id)).toBeNull()
  expect(await listImportJobs(other)).toEqual([])
  const mine = await listImportJobs(companyId, { listId: l.id })
  expect(mine.map((j) => j.id)).toEqual([job.id])
  expect('input' in mine[0]!).toBe(false)
  await expect(
    createProfileBulkImport(other, { profiles: [{ email: 'x@example.com' }], listIds: [l.id] }),
  ).rejects.toMatchObject({ status: 404 })
})
