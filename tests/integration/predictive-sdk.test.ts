/** @jest-environment node */
// Issue 23 §3 through the official SDK (klaviyo-api): a profile's predictive_analytics after a
// refit, and a segment on churn_probability (the vendor's profile-predictive-analytics condition)
// whose members are the profiles with that score, read back with the same definition; another
// company sees neither.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(300_000)

import { ApiKeySession, ProfilesApi, SegmentsApi, SegmentEnum } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { refitCompany } from '@/lib/predictive/refit-company'
import { makeCompany } from '../helpers/factory'
import { makeApiKey, startRouteServer, type RouteServer } from '../helpers/route-server'
import { seedOrderHistory } from '../helpers/predictive-orders'

let server: RouteServer
let companyId: number
let otherId: number
const sdk = <T extends { basePath: string }>(Api: new (s: ApiKeySession) => T, key: string): T => {
  const api = new Api(new ApiKeySession(key))
  api.basePath = server.url
  return api
}

beforeAll(async () => {
  registerJobHandlers()
  server = await startRouteServer()
  companyId = (await makeCompany('Predictive SDK')).id
  otherId = (await makeCompany('Predictive SDK other')).id
  await seedOrderHistory(companyId, { customers: 550, days: 365, now: new Date(), seed: 5 })
  expect((await refitCompany(companyId)).status).toBe('fitted')
})
afterAll(() => server.close())
beforeEach(() => resetRateLimits())

it('reads predictive_analytics with the SDK', async () => {
  const profiles = sdk(ProfilesApi, await makeApiKey(companyId))
  const row = await db.profilePrediction.findFirstOrThrow({ where: { companyId }, orderBy: { historicClv: 'desc' } })
  const got = await profiles.getProfile(row.profileId, { additionalFieldsProfile: ['predictive_analytics'] })
  const pa = got.body.data.attributes.predictiveAnalytics!
  expect(pa.historicClv).toBe(row.historicClv)
  expect(pa.predictedClv).toBe(row.predictedClv)
  expect(pa.totalClv).toBe(row.totalClv)
  expect(pa.historicNumberOfOrders).toBe(row.historicNumberOfOrders)
  expect(pa.predictedNumberOfOrders).toBe(row.predictedNumberOfOrders)
  expect(pa.averageOrderValue).toBe(row.averageOrderValue)
  expect(pa.churnProbability).toBe(row.churnProbability)
  expect(new Date(pa.expectedDateOfNextOrder as unknown as string).getTime()).toBe(
    Math.floor(row.expectedDateOfNextOrder!.getTime() / 1000) * 1000,
  )
})

it('a segment on churn_probability holds exactly the profiles over the threshold', async () => {
  const key = await makeApiKey(companyId)
  const segments = sdk(SegmentsApi, key)
  const conditionGroups = [
    {
      conditions: [
        {
          type: 'profile-predictive-analytics',
          dimension: 'churn_probability',
          filter: { type: 'numeric', operator: 'greater-than-or-equal', value: 0.5 },
        },
      ],
    },
  ]
  const created = await segments.createSegment({
    data: { type: SegmentEnum.Segment, attributes: { name: 'Likely to churn', definition: { conditionGroups } } },
  } as never)
  expect(created.response.status).toBe(201)
  const id = created.body.data.id!
  await runJobsUntilIdle()
  const expected = (
    await db.profilePrediction.findMany({
      where: { companyId, churnProbability: { gte: 0.5 } },
      select: { profileId: true },
    })
  )
    .map((r) => r.profileId)
    .sort()
  expect(expected.length).toBeGreaterThan(0)
  const members: string[] = []
  let cursor: string | undefined
  do {
    const page = await segments.getProfilesForSegment(id, { pageSize: 100, ...(cursor ? { pageCursor: cursor } : {}) })
    members.push(...page.body.data.map((p) => p.id!))
    const next = page.body.links?.next
    cursor = next ? (new URL(next).searchParams.get('page[cursor]') ?? undefined) : undefined
  } while (cursor)
  expect(members.sort()).toEqual(expected)
  const back = await segments.getSegment(id)
  expect(JSON.parse(JSON.stringify(back.body.data.attributes.definition))).toEqual({
    conditionGroups: [
      {
        conditions: [
          {
            type: 'profile-predictive-analytics',
            dimension: 'churn_probability',
            filter: { type: 'numeric', operator: 'greater-than-or-equal', value: 0.5 },
          },
        ],
      },
    ],
  })

  // Another company: the segment is a 404 and its profiles carry no predictions of company A.
  const other = sdk(SegmentsApi, await makeApiKey(otherId))
  await expect(other.getSegment(id)).rejects.toMatchObject({ response: { status: 404 } })
})

it('refuses a predictive dimension it cannot hold, pointing at the condition', async () => {
  const segments = sdk(SegmentsApi, await makeApiKey(companyId))
  const bad = segments.createSegment({
    data: {
      type: SegmentEnum.Segment,
      attributes: {
        name: 'Next order soon',
        definition: {
          conditionGroups: [
            {
              conditions: [
                {
                  type: 'profile-predictive-analytics',
                  dimension: 'expected_date_of_next_purchase',
                  filter: { type: 'date', operator: 'calendar-month', value: 3 },
                },
              ],
            },
          ],
        },
      },
    },
  } as never)
  await expect(bad).rejects.toMatchObject({ response: { status: 400 } })
})
