/** @jest-environment node */
// Issue 26 §1: SMS credits are metered in segments from the Sends themselves. A delivery through a
// Twilio-compatible stand-in records how many segments it handed over, the period's usage sums
// them, and a marketing text that needs more segments than the plan has left is skipped as
// 'plan_limit' before anything is sent.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { read } from '@/lib/db/ops'
import { makeCompany, makeUser, signIn, ajaxRequest } from '../helpers/factory'
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setConsent } from '@/lib/profiles/consent'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { setQueueClock } from '@/lib/jobs/clock'
import { createSends } from '@/lib/messaging/create-sends'
import { ulid } from '@/lib/ids/make-id'
import { ensureDefaultPlans } from '@/lib/billing/plans'
import { clearUsageCache } from '@/lib/billing/plan-gate'
import { sentUnitsOps } from '@/lib/billing/measure-usage'
import { calendarMonth } from '@/lib/billing/billing-period'
import * as accountRoute from '@/app/ajax/sms/account/route'

const SID = 'AC' + 'c'.repeat(32)
const TOKEN = 'token-c-0123456789abcdef'
const NOW = new Date('2026-03-10T15:00:00Z')
let twilio: FakeTwilio

beforeAll(async () => {
  process.env.APP_URL = 'https://app.example.test'
  process.env.SECRETS_KEY = 's'.repeat(40)
  process.env.BILLING_ENFORCE_LIMITS = '1'
  twilio = await startFakeTwilio({ [SID]: TOKEN })
  await ensureDefaultPlans()
  await db.billingPlan.update({ where: { key: 'sms-free' }, data: { smsCredits: 3 } })
  clearUsageCache()
})
afterAll(async () => {
  setQueueClock(null)
  await twilio.close()
})

test('segments are recorded per Send, summed for the period, and a text that does not fit is skipped', async () => {
  const co = await makeCompany()
  const user = await makeUser({ companyId: co.id })
  const cookie = await signIn(user.id, co.id)
  const res = await accountRoute.POST(
    ajaxRequest('/ajax/sms/account', {
      method: 'POST',
      cookie,
      body: {
        accountSid: SID,
        authToken: TOKEN,
        senderNumber: '+15557000001',
        phoneNumbers: ['+15557000001'],
        baseUrl: twilio.baseUrl,
        helpText: 'Help: reply STOP to opt out.',
        maxSegments: 3,
        quietHours: { enabled: false, start: '21:00', end: '08:00' },
      },
    }),
  )
  expect(res.status).toBe(200)
  const profile = async (phone: string) => {
    const id = (await upsertProfile(co.id, { phoneNumber: phone }, { mode: 'import' })).profile.id
    await setConsent(co.id, id, 'sms_marketing', 'subscribed', { method: 'test' })
    return id
  }
  const text = async (profileId: string, body: string) => {
    setQueueClock(NOW)
    const sourceId = ulid()
    await createSends({
      companyId: co.id,
      channel: 'sms',
      sourceType: 'campaign_message',
      sourceId,
      content: { text: body },
      recipients: [{ profileId }],
    })
    await runJobsUntilIdle()
    return db.send.findFirstOrThrow({ where: { companyId: co.id, sourceId } })
  }
  // 200 GSM characters: two segments of 153.
  const long = await text(await profile('+15557000011'), 'A'.repeat(200))
  expect(long).toMatchObject({ status: 'sent', segments: 2 })
  expect(await read(sentUnitsOps(co.id, 'sms', calendarMonth(NOW)))).toBe(2)
  // One credit left of three: another two-segment text does not fit, a one-segment text does.
  const sent = twilio.requests.length
  const skipped = await text(await profile('+15557000012'), 'B'.repeat(200))
  expect(skipped).toMatchObject({ status: 'skipped', reason: 'plan_limit' })
  expect(twilio.requests.length).toBe(sent)
  const short = await text(await profile('+15557000013'), 'Short one')
  expect(short).toMatchObject({ status: 'sent', segments: 1 })
  expect(await read(sentUnitsOps(co.id, 'sms', calendarMonth(NOW)))).toBe(3)
})
