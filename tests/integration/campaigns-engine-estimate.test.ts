/** @jest-environment node */
// Recipient estimation on a real database: requestEstimation queues a CampaignEstimation row and
// the 'campaigns.estimate' job counts the audience set-based, with the reasons people are left
// out (excluded lists, no email / phone, suppressed, no consent), each profile once.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { CampaignError } from '@/lib/campaigns/errors'
import { getEstimation, requestEstimation } from '@/lib/campaigns/lifecycle'
import { campaign, company, list, profiles, template } from '../helpers/campaigns-engine-fixture'

test('email: count and exclusion reasons', async () => {
  const A = await company()
  const L = await list(A)
  const L2 = await list(A)
  const X = await list(A)
  const ids = await profiles(A, 20, [L], (i) => ({ email: i === 0 || i === 1 ? null : undefined }))
  // Also in the second included list (counted once).
  await db.groupMembership.createMany({
    data: ids.slice(0, 10).map((profileId) => ({ companyId: A, groupId: L2, profileId })),
  })
  // Two excluded (one of them also has no email: excluded wins).
  await db.groupMembership.createMany({
    data: [ids[1]!, ids[2]!].map((profileId) => ({ companyId: A, groupId: X, profileId })),
  })
  // Suppressed: 3 (one cleared, so 2 count); unsubscribed: 2; a left membership does not count.
  await db.suppression.createMany({
    data: [3, 4, 5].map((i) => ({
      companyId: A,
      profileId: ids[i]!,
      channel: 'email',
      reason: 'bounced',
      clearedAt: i === 5 ? new Date() : null,
    })),
  })
  await db.profileConsent.createMany({
    data: [6, 7].map((i) => ({ companyId: A, profileId: ids[i]!, channel: 'email', status: 'unsubscribed' })),
  })
  await db.groupMembership.updateMany({ where: { groupId: L, profileId: ids[19]! }, data: { leftAt: new Date() } })
  const c = await campaign(A, { included: [L, L2], excluded: [X], templateId: await template(A) })
  const queued = await requestEstimation(A, c.id)
  expect(queued).toMatchObject({ campaignId: c.id, status: 'queued', count: null })
  await runJobsUntilIdle()
  const done = await getEstimation(A, c.id)
  expect(done).toMatchObject({
    status: 'complete',
    count: 20 - 1 - 2 - 1 - 2 - 2,
    exclusions: { excluded_groups: 2, no_email: 1, suppressed: 2, no_consent: 2 },
  })
  expect(done!.completedAt).toBeInstanceOf(Date)
  // Another company cannot ask for it or read it.
  const B = await company()
  const e = await requestEstimation(B, c.id).catch((x: CampaignError) => x)
  expect((e as CampaignError).code).toBe('not_found')
  expect(await getEstimation(B, c.id)).toBeNull()
})

test('SMS: no phone number and no SMS consent are the reasons', async () => {
  const A = await company()
  const L = await list(A)
  const ids = await profiles(A, 6, [L], (i) => ({
    phoneNumber: i < 4 ? `+1555000${1000 + i}${Math.floor(Math.random() * 1e4)}` : null,
  }))
  await db.profileConsent.createMany({
    data: [0, 1, 2].map((i) => ({ companyId: A, profileId: ids[i]!, channel: 'sms', status: 'subscribed' })),
  })
  const c = await campaign(A, { included: [L], channel: 'sms' })
  await requestEstimation(A, c.id)
  await runJobsUntilIdle()
  expect(await getEstimation(A, c.id)).toMatchObject({
    status: 'complete',
    count: 3,
    exclusions: { excluded_groups: 0, no_phone_number: 2, suppressed: 0, no_consent: 1 },
  })
})
