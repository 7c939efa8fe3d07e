/** @jest-environment node */
// CSV imports (issue 12 §4): phone numbers written with spaces or local punctuation are stored as
// E.164 (read in the company's country when they have no country code); a row with one unusable
// field is imported without it and the field is reported; the refused rows download as a CSV with
// their reasons; the declared consent is recorded with its method and source.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { POST as importsPost } from '@/app/ajax/list/[id]/imports/route'
import { GET as importGet } from '@/app/ajax/list/[id]/imports/[importId]/route'
import { GET as refusedGet } from '@/app/ajax/list/[id]/imports/[importId]/refused/route'
import { db } from '@/lib/db/client'
import { createList } from '@/lib/groups/create-list'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { ulid } from '@/lib/ids/make-id'
import Papa from 'papaparse'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, B: number, cookieA: string, cookieB: string, listA: string, listB: string

async function call(h: Handler, o: { method?: string; body?: unknown; cookie?: string; p: Record<string, string> }) {
  const res = await h(
    ajaxRequest('/ajax/list/x/imports', { method: o.method ?? 'GET', cookie: o.cookie ?? cookieA, body: o.body }),
    params(o.p),
  )
  return res
}

async function importCsv(
  csv: string,
  mapping: Record<string, string>,
  extra: Record<string, unknown> = {},
  listId = listA,
) {
  const res = await call(importsPost, { method: 'POST', p: { id: listId }, body: { csv, mapping, ...extra } })
  const json = await res.json()
  if (res.status !== 202) return { status: res.status, json }
  await runJobsUntilIdle()
  const one = await (await call(importGet, { p: { id: listId, importId: json.import.id } })).json()
  return { status: res.status, json, job: one.import }
}

beforeAll(async () => {
  const a = await makeCompany('A')
  A = a.id
  await db.company.update({ where: { id: A }, data: { country: 'FR', localeRegion: 'US' } })
  B = (await makeCompany('B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  listA = (await createList(A, { name: 'Salon 2026' })).id
  listB = (await createList(B, { name: 'Other' })).id
})

test('phone numbers with spaces, dots, brackets and national form are stored as E.164 in the company country', async () => {
  const csv = [
    'Email,Phone',
    'p1@a.test,+33 1 23 45 67 89',
    'p2@a.test,01.23.45.67.88',
    'p3@a.test,(+44) 20 7946 0958',
    'p4@a.test,0044 20 7946 0959',
  ].join('\n')
  const r = await importCsv(csv, { Email: 'email', Phone: 'phone_number' })
  expect(r.job).toMatchObject({ status: 'complete', completedCount: 4, failedCount: 0, errors: [] })
  const phones = await db.profile.findMany({
    where: { companyId: A, email: { in: ['p1@a.test', 'p2@a.test', 'p3@a.test', 'p4@a.test'] } },
    orderBy: { email: 'asc' },
    select: { phoneNumber: true },
  })
  expect(phones.map((p) => p.phoneNumber)).toEqual(['+33123456789', '+33123456788', '+442079460958', '+442079460959'])
})

test('a row with one unusable field is imported without it and the field is reported; a row left without identifier is refused', async () => {
  const csv = [
    'Email,Phone,External,City',
    'keep1@a.test,12 34,,Lyon', // bad phone: imported without it
    'not-an-email,+33 6 12 34 56 78,ext-9,Paris', // bad email, but phone and external id identify the person
    'not-an-email-either,,,Nice', // nothing usable identifies the person: refused
  ].join('\n')
  const r = await importCsv(csv, { Email: 'email', Phone: 'phone_number', External: 'external_id', City: 'city' })
  expect(r.job).toMatchObject({ status: 'complete', completedCount: 2, failedCount: 1 })
  const keep1 = await db.profile.findFirstOrThrow({ where: { companyId: A, email: 'keep1@a.test' } })
  expect(keep1.phoneNumber).toBeNull()
  expect(keep1.city).toBe('Lyon')
  const ext = await db.profile.findFirstOrThrow({ where: { companyId: A, externalId: 'ext-9' } })
  expect([ext.email, ext.phoneNumber, ext.city]).toEqual([null, '+33612345678', 'Paris'])
  expect(r.job.errors).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        line: 2,
        field: 'Phone',
        imported: true,
        message: expect.stringMatching(/phone number.*imported without it/i),
      }),
      expect.objectContaining({ line: 3, field: 'Email', imported: true }),
      expect.objectContaining({ line: 4, field: 'Email', message: 'Invalid email address.' }),
    ]),
  )
  expect(r.job.errors.filter((e: { line: number; imported?: boolean }) => e.line === 4 && e.imported)).toEqual([])

  // The refused rows, with the file's own columns, their line and the reasons.
  const res = await call(refusedGet, { p: { id: listA, importId: r.json.import.id } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
  expect(res.headers.get('content-disposition')).toMatch(
    /attachment; filename="refused-rows-Salon-2026-\d{4}-\d{2}-\d{2}\.csv"/,
  )
  const rows = Papa.parse<string[]>((await res.text()).trim()).data
  expect(rows[0]).toEqual([
    'Email',
    'Phone',
    'External',
    'City',
    'Line in the original file',
    'Why this row was not imported',
  ])
  expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual([['not-an-email-either', '', '', 'Nice', '4']])
  expect(rows[1]![5]).toBe('Email: Invalid email address.')

  // Another company's list or import is not found.
  expect((await call(refusedGet, { p: { id: listA, importId: r.json.import.id }, cookie: cookieB })).status).toBe(404)
  expect((await call(refusedGet, { p: { id: listB, importId: r.json.import.id } })).status).toBe(404)
})

test('the declared consent is recorded as subscribed with method and source; unsubscribed people stay unsubscribed', async () => {
  const gone = ulid()
  await db.profile.create({ data: { id: gone, companyId: A, email: 'gone@a.test' } })
  await db.profileConsent.create({
    data: { companyId: A, profileId: gone, channel: 'email_marketing', status: 'unsubscribed' },
  })
  const csv = 'Email,Phone\nc1@a.test,06 11 22 33 44\ngone@a.test,\n'
  const r = await importCsv(
    csv,
    { Email: 'email', Phone: 'phone_number' },
    { consent: { status: 'subscribed', source: 'Trade show sign-up sheet', sms: true } },
  )
  expect(r.job).toMatchObject({ completedCount: 2, failedCount: 0 })
  const c1 = await db.profile.findFirstOrThrow({ where: { companyId: A, email: 'c1@a.test' } })
  const consents = await db.profileConsent.findMany({
    where: { companyId: A, profileId: c1.id },
    orderBy: { channel: 'asc' },
  })
  expect(consents.map((c) => [c.channel, c.status, c.method, c.source])).toEqual([
    ['email_marketing', 'subscribed', 'CSV_IMPORT', 'Trade show sign-up sheet'],
    ['sms_marketing', 'subscribed', 'CSV_IMPORT', 'Trade show sign-up sheet'],
  ])
  expect(
    (await db.profileConsent.findFirstOrThrow({ where: { profileId: gone, channel: 'email_marketing' } })).status,
  ).toBe('unsubscribed')

  // Not subscribed: consent is not touched.
  const n = await importCsv('Email\nnone@a.test\n', { Email: 'email' }, { consent: { status: 'not_subscribed' } })
  expect(n.job).toMatchObject({ completedCount: 1 })
  const none = await db.profile.findFirstOrThrow({ where: { companyId: A, email: 'none@a.test' } })
  expect(await db.profileConsent.count({ where: { profileId: none.id } })).toBe(0)

  // Subscribed needs a source; an unknown status is a 400.
  const noSource = await importCsv(
    'Email\nx@a.test\n',
    { Email: 'email' },
    { consent: { status: 'subscribed', source: '  ' } },
  )
  expect(noSource.status).toBe(400)
  expect(noSource.json.fieldErrors).toHaveProperty(['consent.source'])
  expect((await importCsv('Email\nx@a.test\n', { Email: 'email' }, { consent: { status: 'maybe' } })).status).toBe(400)
})
