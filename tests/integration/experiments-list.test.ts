/** @jest-environment node */
// The global experiments list: a campaign A/B test decided by the winner job (its stored
// decision), a running form experiment with its submit-rate confidence, a flow A/B test row and
// the flow holdout, each with its link; one experiment by id; another company sees none.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest, params } from '../helpers/factory'
import * as listRoute from '@/app/ajax/experiments/route'
import * as oneRoute from '@/app/ajax/experiments/[experimentId]/route'

const T0 = new Date('2026-04-01T10:00:00Z')
let A: number, cookieA: string, cookieB: string, formExperimentId: number, versionA: number

beforeAll(async () => {
  A = (await makeCompany()).id
  const B = (await makeCompany()).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  await db.campaign.create({
    data: {
      id: 'C1',
      companyId: A,
      name: 'Spring sale',
      channel: 'email',
      status: 'Sent',
      sendStartedAt: T0,
      abTest: JSON.stringify({
        metric: 'open_rate',
        winnerVariationId: 'V2',
        confidenceReached: 0.97,
        significant: true,
        decidedAt: '2026-04-02T10:00:00.000Z',
      }),
    },
  })
  await db.campaignMessage.create({ data: { id: 'M1', companyId: A, campaignId: 'C1', channel: 'email' } })
  for (const [id, name] of [
    ['V1', 'Subject A'],
    ['V2', 'Subject B'],
  ])
    await db.campaignVariation.create({ data: { id, companyId: A, campaignId: 'C1', messageId: 'M1', name } })
  await db.campaign.create({ data: { id: 'C2', companyId: A, name: 'No test', channel: 'email' } })
  // A running form experiment: version A 100 viewers 10 submit, version B 100 viewers 25 submit.
  await db.form.create({ data: { id: 'F1', companyId: A, name: 'Popup' } })
  const e = await db.formExperiment.create({
    data: { companyId: A, formId: 'F1', name: 'Headline', status: 'running', startedAt: T0 },
  })
  formExperimentId = e.id
  const versions = []
  for (const [name, submitters] of [
    ['Version A', 10],
    ['Version B', 25],
  ] as const) {
    const v = await db.formVersion.create({
      data: {
        formId: 'F1',
        companyId: A,
        definition: '{}',
        variationName: name,
        status: 'live',
        experimentId: e.id,
        weight: 50,
      },
    })
    versions.push(v.id)
    const rows = []
    for (let i = 0; i < 100; i++) {
      const visitorId = `${v.id}-${i}`
      const occurredAt = new Date(T0.getTime() + 3_600_000)
      rows.push({
        companyId: A,
        formId: 'F1',
        formVersionId: v.id,
        kind: 'viewed_form',
        visitorId,
        occurredAt,
        eventKey: `v${v.id}-${i}`,
      })
      if (i < submitters)
        rows.push({
          companyId: A,
          formId: 'F1',
          formVersionId: v.id,
          kind: 'submits',
          visitorId,
          occurredAt,
          eventKey: `s${v.id}-${i}`,
        })
    }
    await db.formActivity.createMany({ data: rows })
  }
  versionA = versions[0]!
  await db.flow.create({ data: { id: 'FL1', companyId: A, name: 'Welcome', webhookSecret: 'x' } })
  await db.flowAbTest.create({
    data: {
      id: 'AB1',
      companyId: A,
      flowId: 'FL1',
      actionId: 'act-x',
      status: 'completed',
      winnerVariationId: 'msg-2',
      startedAt: T0,
      endedAt: T0,
    },
  })
  await db.flowHoldoutExperiment.create({ data: { companyId: A, experimentId: 'H1', percent: 10 } })
})

test('one list of campaign, flow and form experiments with status, winner, confidence and links', async () => {
  const res = await listRoute.GET(ajaxRequest('/ajax/experiments', { cookie: cookieA }))
  expect(res.status).toBe(200)
  const { experiments } = await res.json()
  const by = Object.fromEntries(experiments.map((e: { id: string }) => [e.id, e]))
  expect(Object.keys(by).sort()).toEqual(
    ['campaign:C1', 'flow:AB1', `form:${formExperimentId}`, 'flow_holdout:H1'].sort(),
  )
  expect(by['campaign:C1']).toMatchObject({
    status: 'completed',
    winner: 'Subject B',
    confidence: 0.97,
    variations: 2,
    href: '/campaign/C1/reports/overview',
  })
  const form = by[`form:${formExperimentId}`]
  expect(form).toMatchObject({
    status: 'running',
    metric: 'submit_rate',
    variations: 2,
    winner: null,
    href: `/forms/F1/reports/tests/${formExperimentId}`,
  })
  // 25 % vs 10 % of 100: z ≈ 2.75, two-sided p ≈ 0.006.
  expect(form.confidence).toBeGreaterThan(0.99)
  expect(form.confidence).toBeLessThan(0.999)
  expect(by['flow:AB1']).toMatchObject({
    status: 'completed',
    name: 'Welcome',
    winner: 'msg-2',
    href: '/flow/FL1/edit',
  })
  expect(by['flow_holdout:H1']).toMatchObject({ status: 'running', name: 'Flow holdout (10 %)' })
  // Running first.
  expect(experiments[0].status).toBe('running')
})

test('one experiment with its variations; unknown ids and other companies get a 404', async () => {
  const id = `form:${formExperimentId}`
  const one = await (
    await oneRoute.GET(
      ajaxRequest(`/ajax/experiments/${encodeURIComponent(id)}`, { cookie: cookieA }),
      params({ experimentId: id }),
    )
  ).json()
  expect(one.variations.map((v: { name: string; rate: number }) => [v.name, v.rate])).toEqual([
    ['Version A', 0.1],
    ['Version B', 0.25],
  ])
  expect(versionA).toBeGreaterThan(0)
  expect(
    (
      await oneRoute.GET(
        ajaxRequest('/ajax/experiments/nope', { cookie: cookieA }),
        params({ experimentId: 'campaign:nope' }),
      )
    ).status,
  ).toBe(404)
  expect(
    (await oneRoute.GET(ajaxRequest(`/ajax/experiments/x`, { cookie: cookieB }), params({ experimentId: id }))).status,
  ).toBe(404)
  expect(
    (await (await listRoute.GET(ajaxRequest('/ajax/experiments', { cookie: cookieB }))).json()).experiments,
  ).toEqual([])
})
