/** @jest-environment node */
// Form A/B experiments with an injected clock: create (versions of the form, weights summing to
// 100), start (variations live with their weights, other versions off, the hourly job booked),
// the automatic winner by submit rate (the campaigns' two-proportion z-test, a minimum sample
// per variation), a manual end, and company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { makeCompany } from '../helpers/factory'
import { queuedJobs } from '../helpers/queued-jobs'
import { createFormExperiment } from '@/lib/forms/experiments/create-experiment'
import { startFormExperiment } from '@/lib/forms/experiments/start-experiment'
import { endFormExperiment } from '@/lib/forms/experiments/end-experiment'
import { experimentResults } from '@/lib/forms/experiments/experiment-results'
import { FORM_EXPERIMENTS_JOB, settleRunningExperiments } from '@/lib/forms/experiments/settle-experiments'

const T0 = new Date('2026-03-02T09:00:00Z')
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000)
let A: number,
  B: number,
  n = 0

async function formWithVersions(companyId: number, id: string, count: number) {
  await db.form.create({ data: { id, companyId, name: id } })
  const ids: number[] = []
  for (let i = 0; i < count; i++)
    ids.push(
      (
        await db.formVersion.create({
          data: {
            formId: id,
            companyId,
            definition: '{}',
            variationName: `Version ${'ABC'[i]}`,
            status: i === 0 ? 'live' : 'draft',
          },
        })
      ).id,
    )
  return ids
}
/** `viewers` distinct visitors see the version an hour after T0; the first `submitters` of them submit. */
async function traffic(companyId: number, formId: string, versionId: number, viewers: number, submitters: number) {
  const rows = []
  for (let i = 0; i < viewers; i++) {
    const visitorId = `${versionId}-v${++n}`
    rows.push({
      companyId,
      formId,
      formVersionId: versionId,
      kind: 'viewed_form',
      visitorId,
      occurredAt: at(1),
      eventKey: `k${++n}`,
    })
    if (i < submitters)
      rows.push({
        companyId,
        formId,
        formVersionId: versionId,
        kind: 'submits',
        visitorId,
        occurredAt: at(1),
        eventKey: `k${++n}`,
      })
  }
  await db.formActivity.createMany({ data: rows })
}
const fails = async (p: Promise<unknown>) => {
  try {
    await p
  } catch (e) {
    return e as AppError
  }
  throw new Error('expected a failure')
}

beforeAll(async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  A = (await makeCompany('Experiments A')).id
  B = (await makeCompany('Experiments B')).id
})

test('create validates versions and weights; start puts the variations live and books the job', async () => {
  const [a, b, c] = await formWithVersions(A, 'ExpOne', 3)
  const [theirs] = await formWithVersions(B, 'ExpTheirs', 1)
  expect(
    (
      await fails(
        createFormExperiment(A, 'ExpOne', {
          name: 'x',
          variations: [
            { versionId: a!, weight: 50 },
            { versionId: b!, weight: 40 },
          ],
        }),
      )
    ).status,
  ).toBe(400)
  expect(
    (await fails(createFormExperiment(A, 'ExpOne', { name: 'x', variations: [{ versionId: a!, weight: 100 }] })))
      .status,
  ).toBe(400)
  expect(
    (
      await fails(
        createFormExperiment(A, 'ExpOne', {
          name: 'x',
          variations: [
            { versionId: a!, weight: 50 },
            { versionId: theirs!, weight: 50 },
          ],
        }),
      )
    ).status,
  ).toBe(400)
  expect(
    (
      await fails(
        createFormExperiment(B, 'ExpOne', {
          name: 'x',
          variations: [
            { versionId: a!, weight: 50 },
            { versionId: b!, weight: 50 },
          ],
        }),
      )
    ).status,
  ).toBe(404)

  const e = await createFormExperiment(A, 'ExpOne', {
    name: 'Headline test',
    variations: [
      { versionId: b!, weight: 60 },
      { versionId: c!, weight: 40 },
    ],
  })
  expect(e.status).toBe('draft')
  expect(
    (
      await fails(
        createFormExperiment(A, 'ExpOne', {
          name: 'again',
          variations: [
            { versionId: b!, weight: 50 },
            { versionId: c!, weight: 50 },
          ],
        }),
      )
    ).status,
  ).toBe(400)
  expect((await fails(startFormExperiment(B, e.id, T0))).status).toBe(404)

  const [started, again] = await Promise.allSettled([
    startFormExperiment(A, e.id, T0),
    startFormExperiment(A, e.id, T0),
  ])
  // Two starts at once: one starts it, the other is refused (whichever came second).
  const ok = [started, again].filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<
    Awaited<ReturnType<typeof startFormExperiment>>
  >[]
  expect(ok).toHaveLength(1)
  expect(ok[0]!.value).toMatchObject({ status: 'running', startedAt: T0 })
  expect((await fails(startFormExperiment(A, e.id, at(1)))).status).toBe(400)
  const versions = await db.formVersion.findMany({ where: { formId: 'ExpOne' }, orderBy: { id: 'asc' } })
  expect(versions.map((v) => [v.status, v.weight, v.experimentId])).toEqual([
    ['draft', 0, null],
    ['live', 60, e.id],
    ['live', 40, e.id],
  ])
  expect((await db.form.findUniqueOrThrow({ where: { id: 'ExpOne' } })).status).toBe('live')
  expect((await queuedJobs({ type: FORM_EXPERIMENTS_JOB })).map((j) => j.runAt?.toISOString())).toEqual([
    '2026-03-02T10:00:00.000Z',
  ])
})

test('the automatic winner waits for the minimum sample and significance, then takes the form', async () => {
  const [x, y] = await formWithVersions(A, 'ExpAuto', 2)
  const e = await createFormExperiment(A, 'ExpAuto', {
    name: 'Auto',
    variations: [
      { versionId: x!, weight: 50 },
      { versionId: y!, weight: 50 },
    ],
  })
  await startFormExperiment(A, e.id, T0)
  // A clear difference on a small sample: not yet (below 100 viewers each).
  await traffic(A, 'ExpAuto', x!, 50, 5)
  await traffic(A, 'ExpAuto', y!, 50, 20)
  expect(await settleRunningExperiments(at(2))).toEqual([])
  const early = await experimentResults(A, e.id, at(2))
  expect(early.leaderVersionId).toBe(y)
  expect(early.significant).toBe(false)
  // 200 viewers each, 10 % against 40 %: significant; y wins and becomes the one live version.
  await traffic(A, 'ExpAuto', x!, 150, 15)
  await traffic(A, 'ExpAuto', y!, 150, 60)
  const settled = await settleRunningExperiments(at(3))
  expect(settled).toEqual([{ companyId: A, experimentId: e.id, winnerVersionId: y }])
  const after = await experimentResults(A, e.id, at(5))
  expect(after.experiment).toMatchObject({ status: 'completed', winnerVersionId: y, endedAt: at(3).toISOString() })
  expect(after.variations.map((v) => [v.versionId, v.viewers, v.submitters, v.submitRate])).toEqual([
    [x, 200, 20, 0.1],
    [y, 200, 80, 0.4],
  ])
  expect(after.variations[0]!.confidence).toBeGreaterThan(0.999)
  const versions = await db.formVersion.findMany({ where: { formId: 'ExpAuto' }, orderBy: { id: 'asc' } })
  expect(versions.map((v) => [v.status, v.weight])).toEqual([
    ['draft', 50],
    ['live', 50],
  ])
})

test('equal rates never declare a winner; a manual experiment is left to the merchant', async () => {
  const [p, q] = await formWithVersions(A, 'ExpTie', 2)
  const tie = await createFormExperiment(A, 'ExpTie', {
    name: 'Tie',
    variations: [
      { versionId: p!, weight: 50 },
      { versionId: q!, weight: 50 },
    ],
  })
  await startFormExperiment(A, tie.id, T0)
  await traffic(A, 'ExpTie', p!, 300, 30)
  await traffic(A, 'ExpTie', q!, 300, 30)
  const [r, s] = await formWithVersions(A, 'ExpManual', 2)
  const manual = await createFormExperiment(A, 'ExpManual', {
    name: 'Manual',
    winnerMode: 'manual',
    variations: [
      { versionId: r!, weight: 50 },
      { versionId: s!, weight: 50 },
    ],
  })
  await startFormExperiment(A, manual.id, T0)
  await traffic(A, 'ExpManual', r!, 300, 10)
  await traffic(A, 'ExpManual', s!, 300, 100)
  expect(await settleRunningExperiments(at(4))).toEqual([])
  expect((await db.formExperiment.findUniqueOrThrow({ where: { id: tie.id } })).status).toBe('running')

  // The merchant ends the manual one with the version they choose, even the weaker one.
  expect((await fails(endFormExperiment(B, manual.id, r!, at(5)))).status).toBe(404)
  expect((await fails(endFormExperiment(A, manual.id, p!, at(5)))).status).toBe(400)
  const ended = await endFormExperiment(A, manual.id, r!, at(5))
  expect(ended).toMatchObject({ status: 'completed', winnerVersionId: r })
  expect((await fails(endFormExperiment(A, manual.id, s!, at(6)))).status).toBe(400)
  expect(
    (await db.formVersion.findMany({ where: { formId: 'ExpManual' }, orderBy: { id: 'asc' } })).map((v) => v.status),
  ).toEqual(['live', 'draft'])
})

test("results are the company's own", async () => {
  const e = await db.formExperiment.findFirstOrThrow({ where: { companyId: A } })
  expect((await fails(experimentResults(B, e.id, at(1)))).status).toBe(404)
})
