/** @jest-environment node */
// Issue 21 §3: CSV event uploads and the SFTP drop folder. Mapping checked up front (400 with
// field errors), good and bad rows (refused CSV exact), the time column honoured, re-uploads
// idempotent, the drop folder scanned with a good and a bad file, a re-scan importing nothing
// twice, folders outside the root refused, one company never seeing another's imports.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { scanDropFolder } from '@/lib/integrations/sftp/scan-drop-folder'
import * as csvEvents from '@/app/ajax/integrations/csv-events/route'
import * as refused from '@/app/ajax/integrations/csv-events/[importId]/refused/route'
import * as sftp from '@/app/ajax/integrations/sftp/route'
import * as sftpScan from '@/app/ajax/integrations/sftp/scan/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
async function json(res: Response): Promise<{ status: number; body: any }> {
  return { status: res.status, body: await res.json() }
}

async function account() {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role: 'owner' })
  return { companyId: c.id, cookie: await signIn(u.id, c.id) }
}

const ORDERS = [
  'Order,Email,Placed,Total,Product',
  'A-1,ann@example.com,2024-03-05 10:30:00,42.50,Mug',
  'A-2,not-an-email,2024-03-06 11:00:00,10,Cup',
  'A-3,bob@example.com,yesterday,12,Plate',
  'A-4,cat@example.com,2024-03-07T08:00:00Z,abc,Bowl',
  'A-5,dan@example.com,2024-03-08 09:15:00,7,Spoon',
].join('\n')
const MAPPING = {
  email: 'Email',
  metricName: 'Placed Order',
  timeColumn: 'Placed',
  timeFormat: 'iso',
  valueColumn: 'Total',
  uniqueIdColumn: 'Order',
  properties: [{ column: 'Product', name: 'ProductName' }],
}

const upload = (cookie: string, body: unknown) =>
  csvEvents.POST(ajaxRequest('/ajax/integrations/csv-events', { method: 'POST', cookie, body }))

async function placedOrders(companyId: number) {
  return db.event.findMany({
    where: { companyId, metric: { name: 'Placed Order' } },
    orderBy: { uniqueId: 'asc' },
    select: { uniqueId: true, value: true, ts: true, properties: true, profile: { select: { email: true } } },
  })
}

describe('CSV event upload', () => {
  test('a mapping that does not fit the file is a 400 with a field error per problem, and nothing is stored', async () => {
    const a = await account()
    const res = await json(
      await upload(a.cookie, {
        csv: ORDERS,
        mapping: {
          metricName: 'Placed Order',
          metricColumn: 'Order',
          timeColumn: 'When',
          timeFormat: 'weekday',
          properties: [{ column: 'Nope', name: 'x' }],
        },
      }),
    )
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['mapping.timeFormat'])
    const res2 = await json(
      await upload(a.cookie, {
        csv: ORDERS,
        mapping: {
          metricName: 'Placed Order',
          metricColumn: 'Order',
          timeColumn: 'When',
          properties: [{ column: 'Nope', name: 'x' }],
        },
      }),
    )
    expect(res2.status).toBe(400)
    expect(Object.keys(res2.body.fieldErrors).sort()).toEqual([
      'mapping.email',
      'mapping.metricName',
      'mapping.properties.0.column',
      'mapping.timeColumn',
    ])
    expect((await json(await upload(a.cookie, { csv: '  ', mapping: MAPPING }))).body.fieldErrors).toEqual({
      csv: ['The file is empty.'],
    })
    expect(await db.eventImport.count({ where: { companyId: a.companyId } })).toBe(0)
  })

  test('good rows become events through ingest with the file’s times; bad rows come back as a CSV with the reason', async () => {
    const a = await account()
    const res = await json(await upload(a.cookie, { fileName: 'orders.csv', csv: ORDERS, mapping: MAPPING }))
    expect(res.status).toBe(202)
    await runJobsUntilIdle()
    const row = await db.eventImport.findUniqueOrThrow({ where: { id: res.body.import.id } })
    expect(row).toMatchObject({ status: 'complete', source: 'upload', totalRows: 5, importedRows: 2, refusedRows: 3 })
    const events = await placedOrders(a.companyId)
    expect(
      events.map((e) => [
        e.uniqueId,
        e.profile.email,
        e.value,
        new Date(e.ts * 1000).toISOString(),
        JSON.parse(e.properties).ProductName,
      ]),
    ).toEqual([
      ['A-1', 'ann@example.com', 42.5, '2024-03-05T10:30:00.000Z', 'Mug'],
      ['A-5', 'dan@example.com', 7, '2024-03-08T09:15:00.000Z', 'Spoon'],
    ])
    const file = await refused.GET(
      ajaxRequest(`/ajax/integrations/csv-events/${row.id}/refused`, { cookie: a.cookie }),
      params({ importId: row.id }),
    )
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="orders-refused.csv"')
    expect(await file.text()).toBe(
      [
        'Order,Email,Placed,Total,Product,Line,Reason',
        'A-2,not-an-email,2024-03-06 11:00:00,10,Cup,3,Email: Invalid email address.',
        'A-3,bob@example.com,yesterday,12,Plate,4,"Time: ""yesterday"" is not an ISO 8601 time."',
        'A-4,cat@example.com,2024-03-07T08:00:00Z,abc,Bowl,5,Value: Must be a number.',
        '',
      ].join('\r\n'),
    )
    const history = await json(await csvEvents.GET(ajaxRequest('/ajax/integrations/csv-events', { cookie: a.cookie })))
    expect(history.body.imports.map((i: { fileName: string }) => i.fileName)).toEqual(['orders.csv'])
  })

  test('uploading the same file again adds no event; other time formats and a metric column are read', async () => {
    const a = await account()
    await upload(a.cookie, { csv: ORDERS, mapping: MAPPING })
    await upload(a.cookie, { csv: ORDERS, mapping: MAPPING })
    await runJobsUntilIdle()
    expect(await placedOrders(a.companyId)).toHaveLength(2)
    // No unique id column: the row's content is the id, so a re-upload is still idempotent.
    const csv = 'Who,Kind,When\nann@example.com,Viewed Page,05/03/2024 10:00\neve@example.com,Clicked Ad,31/12/2023'
    const m = { email: 'Who', metricColumn: 'Kind', timeColumn: 'When', timeFormat: 'dmy' }
    await upload(a.cookie, { csv, mapping: m })
    await upload(a.cookie, { csv, mapping: m })
    await runJobsUntilIdle()
    const evs = await db.event.findMany({
      where: { companyId: a.companyId, metric: { name: { in: ['Viewed Page', 'Clicked Ad'] } } },
      include: { metric: true },
    })
    expect(evs.map((e) => [e.metric.name, new Date(e.ts * 1000).toISOString()]).sort()).toEqual([
      ['Clicked Ad', '2023-12-31T00:00:00.000Z'],
      ['Viewed Page', '2024-03-05T10:00:00.000Z'],
    ])
  })

  test('one company cannot read another’s imports or refused rows', async () => {
    const a = await account()
    const b = await account()
    const res = await json(await upload(a.cookie, { csv: ORDERS, mapping: MAPPING }))
    await runJobsUntilIdle()
    const other = await refused.GET(ajaxRequest('/x', { cookie: b.cookie }), params({ importId: res.body.import.id }))
    expect(other.status).toBe(404)
    expect((await json(await csvEvents.GET(ajaxRequest('/x', { cookie: b.cookie })))).body.imports).toEqual([])
    expect(await placedOrders(b.companyId)).toEqual([])
  })
})

describe('SFTP drop folder', () => {
  let root: string
  const saved = process.env.SFTP_IMPORT_ROOT
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-root-'))
    process.env.SFTP_IMPORT_ROOT = root
    process.env.SFTP_SETTLE_MS = '0' // the files here are written whole before the scan
  })
  afterAll(() => {
    delete process.env.SFTP_SETTLE_MS
    if (saved === undefined) delete process.env.SFTP_IMPORT_ROOT
    else process.env.SFTP_IMPORT_ROOT = saved
    fs.rmSync(root, { recursive: true, force: true })
  })

  const save = (cookie: string, body: unknown) =>
    sftp.POST(ajaxRequest('/ajax/integrations/sftp', { method: 'POST', cookie, body }))
  const patterns = [
    { pattern: 'orders-*.csv', kind: 'events', mapping: MAPPING },
    {
      pattern: 'people*.csv',
      kind: 'profiles',
      mapping: [
        { column: 'Mail', target: 'email' },
        { column: 'Name', target: 'first_name' },
      ],
    },
  ]

  test('a folder outside the root, missing or a link out of it is refused with a field error', async () => {
    const a = await account()
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-outside-'))
    fs.symlinkSync(outside, path.join(root, 'sneaky'))
    for (const directory of [outside, '../', path.join(root, 'missing'), 'sneaky']) {
      const res = await json(await save(a.cookie, { directory, patterns }))
      expect([directory, res.status, Object.keys(res.body.fieldErrors ?? {})]).toEqual([directory, 400, ['directory']])
    }
    expect(await db.sftpImportConfig.count({ where: { companyId: a.companyId } })).toBe(0)
    fs.rmSync(outside, { recursive: true })
  })

  test('a scan imports each file once, moves it to processed/ or failed/, and a re-scan imports nothing twice', async () => {
    const a = await account()
    const res = await json(await save(a.cookie, { patterns }))
    expect(res.status).toBe(200)
    const dir = res.body.config.directory as string
    expect(dir).toBe(path.join(fs.realpathSync(root), 'sftp-imports', String(a.companyId)))
    fs.writeFileSync(path.join(dir, 'orders-1.csv'), ORDERS)
    fs.writeFileSync(path.join(dir, 'orders-2.csv'), 'Something,Else\n1,2') // header does not fit the mapping
    fs.writeFileSync(path.join(dir, 'people.csv'), 'Mail,Name\nzed@example.com,Zed\nbroken,Nobody')
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not matched')
    // A link to a file outside the root is never followed, even when its name matches.
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-secret-')), 'orders-x.csv')
    fs.writeFileSync(outside, ORDERS)
    fs.symlinkSync(outside, path.join(dir, 'orders-link.csv'))
    const scan = await json(
      await sftpScan.POST(ajaxRequest('/ajax/integrations/sftp/scan', { method: 'POST', cookie: a.cookie })),
    )
    expect(scan.body.scan).toEqual({ imported: ['orders-1.csv', 'people.csv'], failed: ['orders-2.csv'], skipped: [] })
    expect(fs.readdirSync(dir).sort()).toEqual(['failed', 'notes.txt', 'orders-link.csv', 'processed'])
    expect(fs.readdirSync(path.join(dir, 'processed'))).toHaveLength(2)
    expect(fs.readdirSync(path.join(dir, 'failed'))[0]).toMatch(/-orders-2\.csv$/)
    expect(await placedOrders(a.companyId)).toHaveLength(2)
    expect(
      await db.profile.findFirst({
        where: { companyId: a.companyId, email: 'zed@example.com' },
        select: { firstName: true },
      }),
    ).toEqual({ firstName: 'Zed' })
    const imports = await db.eventImport.findMany({ where: { companyId: a.companyId }, orderBy: { fileName: 'asc' } })
    expect(imports.map((i) => [i.fileName, i.source, i.kind, i.status, i.importedRows, i.refusedRows])).toEqual([
      ['orders-1.csv', 'sftp', 'events', 'complete', 2, 3],
      ['orders-2.csv', 'sftp', 'events', 'failed', 0, 0],
      ['people.csv', 'sftp', 'profiles', 'complete', 1, 1],
    ])
    expect(imports[1]!.refusedCsv).toContain('mapping.email')
    // The same file dropped again (another name, same content) is not imported twice.
    fs.writeFileSync(path.join(dir, 'orders-1-again.csv'), ORDERS)
    expect(await scanDropFolder(a.companyId)).toEqual({ imported: [], failed: [], skipped: ['orders-1-again.csv'] })
    expect(await placedOrders(a.companyId)).toHaveLength(2)
    expect(await db.eventImport.count({ where: { companyId: a.companyId } })).toBe(3)
    const view = await json(await sftp.GET(ajaxRequest('/ajax/integrations/sftp', { cookie: a.cookie })))
    expect(view.body.config.lastScanAt).not.toBeNull()
    expect(view.body.imports).toHaveLength(3)
  })

  test('the same file content in two companies is imported by each; neither sees the other’s folder', async () => {
    const a = await account()
    const b = await account()
    const da = (await json(await save(a.cookie, { patterns }))).body.config.directory as string
    const db_ = (await json(await save(b.cookie, { patterns }))).body.config.directory as string
    expect(da).not.toBe(db_)
    fs.writeFileSync(path.join(da, 'orders-x.csv'), ORDERS)
    fs.writeFileSync(path.join(db_, 'orders-x.csv'), ORDERS)
    expect((await scanDropFolder(a.companyId)).imported).toEqual(['orders-x.csv'])
    expect((await scanDropFolder(b.companyId)).imported).toEqual(['orders-x.csv'])
    expect(await placedOrders(b.companyId)).toHaveLength(2)
    const bView = await json(await sftp.GET(ajaxRequest('/x', { cookie: b.cookie })))
    expect(bView.body.imports).toHaveLength(1)
  })

  test('a file still being written (changed within the settle time) is left for the next scan', async () => {
    const a = await account()
    const dir = (await json(await save(a.cookie, { patterns }))).body.config.directory as string
    fs.writeFileSync(path.join(dir, 'orders-partial.csv'), ORDERS.slice(0, 60))
    process.env.SFTP_SETTLE_MS = '60000'
    try {
      expect(await scanDropFolder(a.companyId)).toEqual({ imported: [], failed: [], skipped: [] })
      expect(fs.existsSync(path.join(dir, 'orders-partial.csv'))).toBe(true)
      fs.writeFileSync(path.join(dir, 'orders-partial.csv'), ORDERS)
      const old = new Date(Date.now() - 120_000)
      fs.utimesSync(path.join(dir, 'orders-partial.csv'), old, old)
      expect((await scanDropFolder(a.companyId)).imported).toEqual(['orders-partial.csv'])
      expect(await placedOrders(a.companyId)).toHaveLength(2)
    } finally {
      process.env.SFTP_SETTLE_MS = '0'
    }
  })

  test('the scan job runs on its slot and books the next one', async () => {
    const a = await account()
    const dir = (await json(await save(a.cookie, { patterns }))).body.config.directory as string
    fs.writeFileSync(path.join(dir, 'orders-slot-1.csv'), ORDERS)
    try {
      await runJobsUntilIdle() // not due yet: nothing happens before the slot
      expect(fs.existsSync(path.join(dir, 'orders-slot-1.csv'))).toBe(true)
      setQueueClock(6 * 60_000)
      await runJobsUntilIdle()
      expect(fs.existsSync(path.join(dir, 'orders-slot-1.csv'))).toBe(false)
      expect(await placedOrders(a.companyId)).toHaveLength(2)
      fs.writeFileSync(path.join(dir, 'orders-slot-2.csv'), ORDERS.replace(/A-/g, 'B-'))
      setQueueClock(12 * 60_000)
      await runJobsUntilIdle()
      expect(await placedOrders(a.companyId)).toHaveLength(4)
    } finally {
      setQueueClock(null)
    }
  })
})
