/** @jest-environment node */
// Security probe, findings 5 and 6.
// 5: every CSV we write escapes formulas through the one writer (lib/text/csv-writer.ts): the
//    list member export (inline and as the 'lists.export' job) and the metric event export, each
//    read back through GET /ajax/downloads/{id}/file.
// 6: CSV imports with absurdly wide headers are refused quickly with a clear field error, and
//    parsing a large valid file lets the event loop run.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import Papa from 'papaparse'
import { POST as listExportPost } from '@/app/ajax/list/[id]/export/route'
import { POST as membersPost } from '@/app/ajax/list/[id]/members/route'
import { POST as importsPost } from '@/app/ajax/list/[id]/imports/route'
import { POST as metricExportPost } from '@/app/ajax/data/metric/[id]/export/route'
import { GET as downloadFile } from '@/app/ajax/downloads/[id]/file/route'
import { db } from '@/lib/db/client'
import { enqueue, runJobsUntilIdle } from '@/lib/jobs/queue'
import { ingestEvents } from '@/lib/events/ingest-events'
import { createList } from '@/lib/groups/create-list'
import { ulid } from '@/lib/ids/make-id'
import { parseCsv } from '@/lib/imports/parse-csv'
import { csvCell, csvLine } from '@/lib/text/csv-writer'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
let A: number, userA: number, cookieA: string

beforeAll(async () => {
  registerJobHandlers()
  A = (await makeCompany('A')).id
  userA = (await makeUser({ companyId: A })).id
  cookieA = await signIn(userA, A)
})

async function call(h: Handler, path: string, o: { method?: string; body?: unknown; p?: Record<string, string> } = {}) {
  const res = await h(
    ajaxRequest(path, { method: o.method ?? 'GET', cookie: cookieA, body: o.body }),
    o.p ? params(o.p) : undefined,
  )
  return { status: res.status, json: await res.json() }
}

async function fileOf(downloadId: number): Promise<{ header: string[]; rows: string[][]; text: string }> {
  const res = await downloadFile(
    ajaxRequest(`/ajax/downloads/${downloadId}/file`, { cookie: cookieA }),
    params({ id: String(downloadId) }),
  )
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/csv')
  const text = await res.text()
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  const [header, ...rows] = parsed.data
  return { header: header!, rows, text }
}

// Formula-bearing values: each must come back with a leading apostrophe (or as the number it is).
const HOSTILE = {
  firstName: '=HYPERLINK("http://evil.test","click")',
  lastName: "+1+cmd|' /C calc'!A0",
  organization: "@SUM(1+1)*cmd|' /C calc'!A0",
  city: "-2+3+cmd|' /C calc'!A0",
  region: '\t=1+1',
  country: ' =1+1',
  zip: '-5',
  externalId: '\r=1+1',
}

async function hostileMembersList(name: string): Promise<string> {
  const list = (await createList(A, { name })).id
  const id = ulid()
  await db.profile.create({
    data: {
      id,
      companyId: A,
      email: `${name.replace(/\W/g, '').toLowerCase()}@a.test`,
      ...HOSTILE,
      externalId: `${HOSTILE.externalId}${name}`,
    },
  })
  const added = await call(membersPost, '/ajax/list/x/members', {
    method: 'POST',
    p: { id: list },
    body: { profile_ids: [id] },
  })
  expect(added.status).toBe(200)
  return list
}

function expectEscapedMember(header: string[], row: string[]) {
  const cell = (c: string) => row[header.indexOf(c)]
  expect(cell('first_name')).toBe(`'${HOSTILE.firstName}`)
  expect(cell('last_name')).toBe(`'${HOSTILE.lastName}`)
  expect(cell('organization')).toBe(`'${HOSTILE.organization}`)
  expect(cell('city')).toBe(`'${HOSTILE.city}`)
  expect(cell('region')).toBe(`'${HOSTILE.region}`)
  expect(cell('country')).toBe(`'${HOSTILE.country}`)
  expect(cell('external_id')).toMatch(/^'\r=1\+1/)
  expect(cell('zip')).toBe('-5') // a plain number stays a number
}

describe('finding 5: formula escaping in every CSV we write', () => {
  test('list member export (inline) → download file', async () => {
    const list = await hostileMembersList('Inline Export')
    const r = await call(listExportPost, '/ajax/list/x/export', { method: 'POST', p: { id: list } })
    expect(r.status).toBe(202)
    expect(r.json.download).toMatchObject({ status: 'complete', rowCount: 1 })
    const { header, rows } = await fileOf(r.json.download.downloadId)
    expect(rows).toHaveLength(1)
    expectEscapedMember(header, rows[0]!)
  })

  test('list member export built by the lists.export job → download file', async () => {
    const list = await hostileMembersList('Job Export')
    const d = await db.download.create({
      data: { companyId: A, userId: userA, type: 'list_members', status: 'queued', fileName: 'job-export.csv' },
    })
    await enqueue('lists.export', { downloadId: d.id, groupId: list }, { companyId: A })
    await runJobsUntilIdle()
    expect(await db.download.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({
      status: 'complete',
      rowCount: 1,
    })
    const { header, rows } = await fileOf(d.id)
    expectEscapedMember(header, rows[0]!)
  })

  test('metric event export (job) → download file: values, PII columns and property names', async () => {
    await ingestEvents(A, [
      {
        metric: { name: 'Submitted Form' },
        profile: { email: 'former@a.test', firstName: '=1+2', lastName: '@me' },
        time: '2024-05-01T12:00:00Z',
        value: -5,
        properties: {
          '=cmd|calc': 'x',
          Note: '+SUM(A1:A9)',
          Neg: '-5',
          Signed: -7,
          Lead: '  -1+1',
          Tab: '\tx',
          Fine: 'plain text',
        },
      },
    ])
    const metric = await db.metric.findFirstOrThrow({ where: { companyId: A, name: 'Submitted Form' } })
    const started = await call(metricExportPost, '/ajax/data/metric/x/export', {
      method: 'POST',
      p: { id: metric.id },
      body: { timeframe: 'custom', start: '2024-05-01', end: '2024-05-01' },
    })
    expect(started.status).toBe(202)
    await runJobsUntilIdle()
    const { header, rows } = await fileOf(started.json.downloadId)
    const cell = (c: string) => rows[0]![header.indexOf(c)]
    expect(header).toContain("'=cmd|calc")
    expect(header).not.toContain('=cmd|calc')
    expect([cell('First Name'), cell('Last Name')]).toEqual(["'=1+2", "'@me"])
    expect([cell('Note'), cell('Lead'), cell('Tab')]).toEqual(["'+SUM(A1:A9)", "'  -1+1", "'\tx"])
    // Numbers are numbers: a negative value or a text that is only a number gets no apostrophe.
    expect([cell('Value'), cell('Neg'), cell('Signed'), cell('Fine')]).toEqual(['-5', '-5', '-7', 'plain text'])
  })

  test('the writer: RFC 4180 quoting and the documented escaping decisions', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('-1+1')).toBe("'-1+1")
    expect(csvCell('@A1')).toBe("'@A1")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('\r=1')).toBe('"\'\r=1"')
    expect(csvCell(' =1')).toBe("' =1")
    expect(csvCell('\uff1d1+1')).toBe("'\uff1d1+1") // full-width equals sign
    expect(csvCell('=a,"b"')).toBe('"\'=a,""b"""')
    expect([csvCell(-5), csvCell('-5'), csvCell('+4915112345678'), csvCell('-1.5e3'), csvCell(true)]).toEqual([
      '-5',
      '-5',
      '+4915112345678',
      '-1.5e3',
      'true',
    ])
    expect([csvCell(null), csvCell(undefined), csvCell(new Date('2024-01-02T03:04:05Z')), csvCell(['=x'])]).toEqual([
      '',
      '',
      '2024-01-02T03:04:05.000Z',
      '"[""=x""]"',
    ])
    expect(csvLine(['a', '=b', 1])).toBe("a,'=b,1\r\n")
  })
})

describe('finding 6: wide CSV headers and event-loop friendly parsing', () => {
  let list: string
  beforeAll(async () => {
    list = (await createList(A, { name: 'Imports' })).id
  })
  const importCsv = (csv: string, mapping: Record<string, string>) =>
    call(importsPost, '/ajax/list/x/imports', { method: 'POST', p: { id: list }, body: { csv, mapping } })
  const TOO_WIDE = 'The header row has more than 1,000 columns; at most 1,000 can be imported.'

  test('a 60,000-column header is a 400 on csv, answered quickly', async () => {
    const header = Array.from({ length: 60_000 }, (_, i) => `column_${i}`)
    const csv = `${header.join(',')}\n${header.map((_, i) => (i === 0 ? 'a@b.test' : '')).join(',')}\n`
    const t0 = performance.now()
    const r = await importCsv(csv, { column_0: 'email' })
    const ms = performance.now() - t0
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors).toEqual({ csv: [TOO_WIDE] })
    expect(ms).toBeLessThan(1500) // the quadratic duplicate check took ~4.5 s here
    expect(await db.importJob.count({ where: { companyId: A } })).toBe(0)
  })

  test('a 5 MB header (empty and quoted columns) is refused just as quickly', async () => {
    for (const csv of [','.repeat(5 * 1024 * 1024 - 100) + '\n', '"email"' + ',""'.repeat(1024 * 1024) + '\n']) {
      const t0 = performance.now()
      const r = await importCsv(csv, { email: 'email' })
      expect(r.status).toBe(400)
      expect(r.json.fieldErrors).toEqual({ csv: [TOO_WIDE] })
      expect(performance.now() - t0).toBeLessThan(3000) // a quadratic parse took ~4.5 s; a loaded CI machine took 1.8 s
    }
  })

  test('1,000 columns are accepted, 1,001 are not; duplicates and mappings of many columns stay linear', async () => {
    const cols = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 'email' : `c${i}`))
    const ok = await importCsv(`${cols(1000).join(',')}\n${['a@b.test', ...Array(999).fill('x')].join(',')}\n`, {
      email: 'email',
    })
    expect(ok.status).toBe(202)
    const wide = await importCsv(`${cols(1001).join(',')}\n`, { email: 'email' })
    expect(wide.json.fieldErrors).toEqual({ csv: [TOO_WIDE] })
    const dupes = await importCsv(`email,${Array(999).fill('same').join(',')}\n`, { email: 'email' })
    expect(dupes.json.fieldErrors).toEqual({ csv: ['Duplicate column names in the header: same.'] })
    const manyKeys = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, 'skip']))
    const tooMany = await importCsv('email\na@b.test\n', { ...manyKeys, email: 'email' })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.fieldErrors).toEqual({ mapping: ['At most 1,000 columns can be mapped.'] })
  })

  test('parsing a ~5 MB file yields to the event loop', async () => {
    const lines = ['email,first_name,last_name,city,note']
    for (let i = 0; i < 90_000; i++) lines.push(`user${i}@example.test,"First ${i}",Last,"City, ${i % 50}",note ${i}`)
    const csv = lines.join('\n')
    expect(csv.length).toBeGreaterThan(4 * 1024 * 1024)

    let turns = 0
    let longest = 0
    let last = performance.now()
    let parsing = true
    const tick = () => {
      const now = performance.now()
      longest = Math.max(longest, now - last)
      last = now
      turns++
      if (parsing) setImmediate(tick)
    }
    setImmediate(tick)
    const parsed = await parseCsv(csv)
    parsing = false

    expect(parsed.header).toEqual(['email', 'first_name', 'last_name', 'city', 'note'])
    expect(parsed.rows).toHaveLength(90_000)
    expect(parsed.rows[89_999]).toEqual({
      line: 90_001,
      cells: ['user89999@example.test', 'First 89999', 'Last', 'City, 49', 'note 89999'],
    })
    // The old parser ran to the end in one go (0 turns). Generous bound for a busy machine.
    expect(turns).toBeGreaterThanOrEqual(3)
    expect(longest).toBeLessThan(400)
  })
})
