/** @jest-environment node */
// /campaigns/smartsendtime's figures: human opens and clicks by weekday and hour in each person's
// own zone (machine activity left out), the account's best hour once there are enough, and how
// many people have an hour of their own; another account's engagement never counts.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { getSmartSendOverview } from '@/lib/campaigns/reports/smart-send-overview'
import { makeCompany } from '../helpers/factory'

const NOW = new Date('2026-06-15T12:00:00Z') // a Monday
let A: number, B: number

beforeAll(async () => {
  A = (await makeCompany('SST A')).id
  B = (await makeCompany('SST B')).id
  await db.profile.create({ data: { id: 'PSst1', companyId: A, email: 's1@x.test', timezone: 'America/New_York' } })
  await db.profile.create({ data: { id: 'PSst2', companyId: A, email: 's2@x.test' } }) // the company's zone (UTC)
  await db.profile.create({ data: { id: 'PSstB', companyId: B, email: 'sb@x.test' } })
  for (const c of [A, B]) await db.metric.create({ data: { id: `MSstO${c}`, companyId: c, name: 'Opened Email' } })
  const ev = (c: number, p: string, iso: string, machine = false) =>
    db.event.create({
      data: {
        companyId: c,
        profileId: p,
        metricId: `MSstO${c}`,
        ts: Math.floor(Date.parse(iso) / 1000),
        properties: JSON.stringify(machine ? { $machine: true, $machine_reason: 'apple_mpp' } : {}),
      },
    })
  // Person 1 (New York): three opens at 14:00 UTC on Friday 12 June = 10:00 local, Friday.
  for (const m of ['05', '20', '40']) await ev(A, 'PSst1', `2026-06-12T14:${m}:00Z`)
  // Person 2 (UTC): two opens at 10:30 on Saturday 13 June, and a machine open at 03:00 (left out).
  await ev(A, 'PSst2', '2026-06-13T10:30:00Z')
  await ev(A, 'PSst2', '2026-06-13T10:45:00Z')
  await ev(A, 'PSst2', '2026-06-13T03:00:00Z', true)
  await ev(B, 'PSstB', '2026-06-13T03:00:00Z')
})

test("weekday × hour in each person's own zone, the best hour, people with their own hour", async () => {
  const o = await getSmartSendOverview(A, 'UTC', NOW)
  expect(o).toMatchObject({ engagements: 5, profiles: 2, profilesWithOwnHour: 2, accountHour: 10 })
  expect(o.grid[4]![10]).toBe(3) // Friday 10:00 in New York
  expect(o.grid[5]![10]).toBe(2) // Saturday 10:00 UTC
  expect(o.grid.flat().reduce((s, n) => s + n, 0)).toBe(5)
  expect(o.byHour[3]).toBe(0) // the machine open is not counted
})

test('below the minimum there is no account hour yet; another account is separate', async () => {
  const b = await getSmartSendOverview(B, 'UTC', NOW)
  expect(b).toMatchObject({ engagements: 1, profiles: 1, profilesWithOwnHour: 0, accountHour: null, defaultHour: 10 })
  const none = await getSmartSendOverview((await makeCompany('SST C')).id, 'UTC', NOW)
  expect(none.engagements).toBe(0)
})
