/** @jest-environment node */
// CSV export end to end: POST /ajax/data/metric/{id}/export → the 'metrics.export' job through
// runJobsUntilIdle() → the poll (/ajax/worker/{id}/status), the list (/ajax/downloads/status)
// and the file (/ajax/downloads/{id}/file). Bad input and other companies' rows included.
import { useTestDatabase } from '@/tests/helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import Papa from 'papaparse'
import { POST as startExport } from '@/app/ajax/data/metric/[id]/export/route'
import { GET as workerStatus } from '@/app/ajax/worker/[id]/status/route'
import { GET as downloadsStatus } from '@/app/ajax/downloads/status/route'
import { GET as downloadFile } from '@/app/ajax/downloads/[id]/file/route'
import { getJob, runJobsUntilIdle } from '@/lib/jobs/queue'
import { db } from '@/lib/db/client'
import { writeMetricExport } from '@/lib/metrics/write-metric-export'
import { csvCell } from '@/lib/text/csv-writer'
import { ajaxRequest, makeUser, params, signIn } from '@/tests/helpers/factory'
import { addEvents, makeMetricsFixture } from './metrics-fixture'

let a: Awaited<ReturnType<typeof makeMetricsFixture>>
let b: Awaited<ReturnType<typeof makeMetricsFixture>>
let cookieA: string, cookieA2: string, cookieB: string, cookieAnalyst: string

beforeAll(async () => {
  a = await makeMetricsFixture()
  b = await makeMetricsFixture()
  cookieA = await signIn((await makeUser({ companyId: a.company.id, role: 'owner' })).id, a.company.id)
  cookieA2 = await signIn((await makeUser({ companyId: a.company.id, role: 'owner' })).id, a.company.id)
  cookieB = await signIn((await makeUser({ companyId: b.company.id, role: 'owner' })).id, b.company.id)
  cookieAnalyst = await signIn((await makeUser({ companyId: a.company.id, role: 'content_creator' })).id, a.company.id)
})

const json = async (res: Response) => ({ status: res.status, body: await res.json() })
const exportReq = (id: string, body: unknown, cookie = cookieA) =>
  startExport(ajaxRequest(`/ajax/data/metric/${id}/export`, { method: 'POST', cookie, body }), params({ id }))
const poll = (id: number | string, cookie = cookieA) =>
  workerStatus(ajaxRequest(`/ajax/worker/${id}/status`, { cookie }), params({ id: String(id) })).then(json)
const list = (qs = '', cookie = cookieA) =>
  downloadsStatus(ajaxRequest(`/ajax/downloads/status${qs}`, { cookie })).then(json)
const file = (id: number | string, cookie = cookieA) =>
  downloadFile(ajaxRequest(`/ajax/downloads/${id}/file`, { cookie }), params({ id: String(id) }))

test('export → poll → run the job → complete → list → file', async () => {
  const started = await json(
    await exportReq(a.metricId, { timeframe: 'custom', start: '2024-03-08', end: '2024-03-12' }),
  )
  expect(started.status).toBe(202)
  const { workerId, downloadId } = started.body
  expect([typeof workerId, typeof downloadId]).toEqual(['number', 'number'])

  expect((await poll(workerId)).body).toEqual({ status: 'queued', percentComplete: 0, downloadId })
  expect((await list()).body).toMatchObject({
    processing: true,
    downloads: [{ id: downloadId, status: 'queued', url: null }],
  })
  expect((await file(downloadId)).status).toBe(409)
  // Mid-way, the figure is the rows written so far over the events counted when it started.
  await db.download.update({ where: { id: downloadId }, data: { status: 'processing', rowCount: 3 } })
  expect((await poll(workerId)).body).toEqual({ status: 'processing', percentComplete: 42, downloadId })

  await runJobsUntilIdle()

  expect((await poll(workerId)).body).toEqual({ status: 'complete', percentComplete: 100, downloadId })
  const listed = (await list()).body
  expect(listed).toMatchObject({ processing: false, total: 1, hasNext: false })
  expect(listed.downloads[0]).toMatchObject({
    id: downloadId,
    status: 'complete',
    rowCount: 7,
    type: 'metric_events',
    url: `/ajax/downloads/${downloadId}/file`,
    name: 'placed-order-events-2024-03-08-to-2024-03-12.csv',
  })

  const res = await file(downloadId)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/csv')
  expect(res.headers.get('content-disposition')).toBe(
    'attachment; filename="placed-order-events-2024-03-08-to-2024-03-12.csv"; filename*=UTF-8\'\'placed-order-events-2024-03-08-to-2024-03-12.csv',
  )
  const parsed = Papa.parse<string[]>(await res.text(), { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  const [header, ...rows] = parsed.data
  expect(header).toEqual([
    'Event ID',
    'Time',
    'Metric',
    'Profile ID',
    'Email',
    'Phone Number',
    'First Name',
    'Last Name',
    'Value',
    'Currency',
    'Unique ID',
    'Brand',
    'Category',
    'ItemCount',
    'Tags',
  ])
  expect(rows).toHaveLength(7)
  // Oldest first, times in the company's zone.
  expect(rows[0]!.slice(1, 5)).toEqual(['2024-03-08T23:30:00-05:00', 'Placed Order', a.profiles.p1, 'p1@ex.test'])
  expect(rows[0]!.slice(8)).toEqual(['10', '', '', '', 'Shoes', '2', '["sale","new"]'])
  expect(rows[4]![8]).toBe('') // no value
})

test('CSV escaping: commas, quotes, newlines and formula-looking text', async () => {
  await addEvents(a.company.id, [
    {
      metric: 'Left Review',
      email: 'p1@ex.test',
      time: '2024-03-09T15:00:00Z',
      properties: { Text: 'Great, "really"\ngreat', Formula: '=SUM(A1)', Negative: '-5', Plain: 'ok' },
    },
  ])
  const metric = await db.metric.findFirstOrThrow({ where: { companyId: a.company.id, name: 'Left Review' } })
  const { body } = await json(
    await exportReq(metric.id, { timeframe: 'custom', start: '2024-03-09', end: '2024-03-09' }),
  )
  await runJobsUntilIdle()
  const text = await (await file(body.downloadId)).text()
  expect(text).toContain('"Great, ""really""\ngreat"')
  const [header, row] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data
  const cell = (name: string) => row![header!.indexOf(name)]
  expect([cell('Text'), cell('Formula'), cell('Negative'), cell('Plain')]).toEqual([
    'Great, "really"\ngreat',
    "'=SUM(A1)",
    '-5',
    'ok',
  ])
  expect([csvCell(null), csvCell(' padded'), csvCell(3.5), csvCell({ a: 1 })]).toEqual([
    '',
    '" padded"',
    '3.5',
    '"{""a"":1}"',
  ])
})

test('the job is idempotent: running it again rewrites the same file', async () => {
  const { body } = await json(await exportReq(a.metricId, { timeframe: 'alltime' }))
  await runJobsUntilIdle()
  const first = await db.download.findUniqueOrThrow({ where: { id: body.downloadId } })
  const job = await getJob(body.workerId, a.company.id)
  await writeMetricExport(job!.payload as Parameters<typeof writeMetricExport>[0], a.company.id)
  const second = await db.download.findUniqueOrThrow({ where: { id: body.downloadId } })
  expect([second.content, second.rowCount, second.status]).toEqual([first.content, 7, 'complete'])
})

test("bad input is 400; another company's metric, task and file are 404; downloads are per user", async () => {
  for (const bad of [
    { timeframe: 'bogus' },
    { timeframe: 'custom', start: '2024-03-10' },
    { timeframe: 'custom', start: 'x', end: 'y' },
  ]) {
    expect((await exportReq(a.metricId, bad)).status).toBe(400)
  }
  expect((await exportReq('bad id!', { timeframe: 'today' })).status).toBe(400)
  expect((await exportReq(a.metricId, { timeframe: 'today' }, cookieAnalyst)).status).toBe(403)
  expect((await exportReq(a.metricId, { timeframe: 'today' }, cookieB)).status).toBe(404)

  const { body } = await json(await exportReq(a.metricId, { timeframe: 'last_30_days' }))
  await runJobsUntilIdle()
  expect((await poll(body.workerId, cookieB)).status).toBe(404)
  expect((await file(body.downloadId, cookieB)).status).toBe(404)
  expect((await list('', cookieB)).body.downloads).toEqual([])
  // Another user of the same company does not see A's exports either.
  expect((await list('', cookieA2)).body.downloads).toEqual([])
  expect((await file(body.downloadId, cookieA2)).status).toBe(404)

  expect((await poll('abc')).status).toBe(400)
  expect((await poll(999999)).status).toBe(404)
  expect((await poll(99999999999)).status).toBe(404)
  expect((await file('99999999999')).status).toBe(404)
  expect((await file('abc')).status).toBe(400)
  for (const qs of ['?status=bogus', '?row_count=0', '?row_count=101', '?download_type=A%20B', '?page=0'])
    expect((await list(qs)).status).toBe(400)
  expect((await downloadsStatus(ajaxRequest('/ajax/downloads/status'))).status).toBe(401)
})

test('downloads paging and filters', async () => {
  const all = (await list('?row_count=2')).body
  expect(all.downloads).toHaveLength(2)
  expect(all.hasNext).toBe(true)
  const complete = (await list('?status=complete&download_type=metric_events&row_count=100')).body
  expect(complete.downloads.every((d: { status: string }) => d.status === 'complete')).toBe(true)
  expect(complete.total).toBe(all.total)
  expect((await list('?download_type=list_members')).body.downloads).toEqual([])
})

test('without metrics_export_pii (an analyst) the file has no emails, phones or names', async () => {
  const analyst = await signIn((await makeUser({ companyId: a.company.id, role: 'analyst' })).id, a.company.id)
  const started = await json(
    await exportReq(a.metricId, { timeframe: 'custom', start: '2024-03-08', end: '2024-03-12' }, analyst),
  )
  expect(started.status).toBe(202)
  await runJobsUntilIdle()
  const text = await (await file(started.body.downloadId, analyst)).text()
  const [header] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data
  expect(header).toEqual([
    'Event ID',
    'Time',
    'Metric',
    'Profile ID',
    'Value',
    'Currency',
    'Unique ID',
    'Brand',
    'Category',
    'ItemCount',
    'Tags',
  ])
  expect(text).not.toContain('p1@ex.test')
})
