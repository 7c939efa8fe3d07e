/** @jest-environment node */
// Issues 26 §4 and 27 §6: the per-day send rollup behind billing usage and the portfolio
// dashboard. Hand-counted sends over closed days, the open day and a period edge; the figures
// equal before the job ran (all live), after it (closed days from the rollup), after a bounce
// reached a rolled-up day (the Send triggers send that day back to live counting), after a rerun
// (no double count), and another account's sends never count.
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { read } from '@/lib/db/ops'
import { makeCompany } from '../helpers/factory'
import { ulid } from '@/lib/ids/make-id'
import { sentUnitsOps, usageByDayOps } from '@/lib/billing/measure-usage'
import { accountFigures } from '@/lib/portfolio/account-figures'
import { rollUpSends, closedBefore } from '@/lib/messaging/send-rollup-job'
import { splitPeriodOps } from '@/lib/messaging/send-rollup-read'

const NOW = new Date('2026-03-20T10:00:00Z')
// A billing period starting at an instant inside a day: 5 March 12:00 is a live edge.
const PERIOD = { start: new Date('2026-03-05T12:00:00Z'), end: new Date('2026-04-05T12:00:00Z') }
const at = (s: string) => new Date(`2026-03-${s}Z`)

let cid: number
let other: number
let bounceLater: string

async function send(companyId: number, over: Record<string, unknown>) {
  const id = ulid()
  await db.send.create({
    data: {
      id,
      companyId,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: ulid(),
      profileId: ulid(),
      status: 'sent',
      content: '{}',
      ...over,
    },
  })
  return id
}

beforeAll(async () => {
  cid = (await makeCompany()).id
  other = (await makeCompany()).id
  await send(cid, { sendingAt: at('05T11:00:00') }) // before the period starts: not billed
  await send(cid, { sendingAt: at('05T13:00:00') }) // 1 (edge day, live)
  await send(cid, { sendingAt: at('10T12:00:00') }) // 2
  await send(cid, { sendingAt: at('10T12:30:00'), status: 'delivered' }) // 3
  bounceLater = await send(cid, { sendingAt: at('10T13:00:00') }) // 4, bounced after the rollup
  await send(cid, { sendingAt: at('12T09:00:00'), status: 'unknown' }) // 5: may have gone, billed
  await send(cid, { sendingAt: at('12T09:00:00'), sourceType: 'preview' }) // a preview: not billed
  await send(cid, { sendingAt: at('12T10:00:00'), status: 'failed' }) // not billed
  await send(cid, { sendingAt: at('15T23:59:59'), status: 'bounced' }) // not billed
  await send(cid, { sendingAt: null, status: 'queued' }) // not handed over
  await send(cid, { sendingAt: at('19T22:00:00') }) // 6 (closed: 19 March ended before 09:00)
  await send(cid, { sendingAt: at('20T08:00:00') }) // 7 (today, live)
  await send(cid, { sendingAt: at('10T08:00:00'), channel: 'sms', segments: 3 }) // 3 segments
  await send(cid, { sendingAt: at('10T08:01:00'), channel: 'sms', segments: null }) // 1 (before segments were kept)
  await send(cid, { sendingAt: at('20T07:00:00'), channel: 'sms', segments: 2 }) // 2 (today)
  for (let i = 0; i < 3; i++) await send(other, { sendingAt: at('10T12:00:00') })
  await send(other, { sendingAt: at('10T12:00:00'), channel: 'sms', segments: 5 })
})

const usage = async () => ({
  emails: await read(sentUnitsOps(cid, 'email', PERIOD)),
  sms: await read(sentUnitsOps(cid, 'sms', PERIOD)),
})
const byDay = (bouncedLater = false) => [
  { day: '2026-03-05', emails: 1, smsSegments: 0 },
  { day: '2026-03-10', emails: bouncedLater ? 2 : 3, smsSegments: 4 },
  { day: '2026-03-12', emails: 1, smsSegments: 0 },
  { day: '2026-03-19', emails: 1, smsSegments: 0 },
  { day: '2026-03-20', emails: 1, smsSegments: 2 },
]
const thirtyDays = { from: new Date(NOW.getTime() - 30 * 86_400_000), to: NOW }
const sends = async () =>
  (await accountFigures([cid, other], thirtyDays)).map((f) => ({
    email: f.sends.email,
    sms: f.sends.sms,
    bounced: f.deliverability.bounced,
  }))

// Portfolio (the last 30 days; sent, delivered and bounced, previews included): ours 7 sent (11:00
// on 5 March too: this period is the last 30 days), 1 delivered and 1 bounced emails, 3 SMS.
const PORTFOLIO = [
  { email: 9, sms: 3, bounced: 1 },
  { email: 3, sms: 1, bounced: 0 },
]

test('before the job has run every day is counted live, with the hand-counted figures', async () => {
  expect(await usage()).toEqual({ emails: 7, sms: 6 })
  expect(await read(usageByDayOps(cid, PERIOD))).toEqual(byDay())
  expect(await sends()).toEqual(PORTFOLIO)
})

test('after the job: closed days come from the rollup, the edges live, the figures unchanged', async () => {
  expect(closedBefore(NOW)).toBe('2026-03-20')
  const first = await rollUpSends(NOW)
  expect(first.more).toBe(false)
  // Every day from an account's first send to yesterday, empty ones too: ours 5–19 March, the
  // other account's 10–19 March.
  expect(first.computed).toBe(15 + 10)
  const split = await read(splitPeriodOps([cid], PERIOD.start, PERIOD.end))
  expect(split.rolled).toEqual([{ companyId: cid, from: '2026-03-06', to: '2026-03-20' }])
  expect(split.live.get(cid)).toEqual([
    { from: PERIOD.start, to: at('06T00:00:00') },
    { from: at('20T00:00:00'), to: PERIOD.end },
  ])
  expect(await usage()).toEqual({ emails: 7, sms: 6 })
  expect(await read(usageByDayOps(cid, PERIOD))).toEqual(byDay())
  expect(await sends()).toEqual(PORTFOLIO)
  // Reading the rollup: a changed rollup row (no Send moved, so the day stays current) shows.
  await db.sendDailyRollup.update({
    where: {
      companyId_day_channel_status_billed: {
        companyId: cid,
        day: '2026-03-10',
        channel: 'sms',
        status: 'sent',
        billed: 1,
      },
    },
    data: { units: { increment: 100 } },
  })
  expect((await usage()).sms).toBe(106)
  await db.sendDailyRollup.update({
    where: {
      companyId_day_channel_status_billed: {
        companyId: cid,
        day: '2026-03-10',
        channel: 'sms',
        status: 'sent',
        billed: 1,
      },
    },
    data: { units: { decrement: 100 } },
  })
})

test('a bounce reaching a rolled-up day sends that day back to live counts until the job recomputes it', async () => {
  await db.send.update({ where: { id: bounceLater }, data: { status: 'bounced', updatedAt: new Date() } })
  const marker = await db.sendRollupDay.findUniqueOrThrow({
    where: { companyId_day: { companyId: cid, day: '2026-03-10' } },
  })
  expect(marker.rolledVersion).not.toBe(marker.version)
  expect(await usage()).toEqual({ emails: 6, sms: 6 })
  expect(await read(usageByDayOps(cid, PERIOD))).toEqual(byDay(true))
  const bounced = [{ ...PORTFOLIO[0]!, bounced: 2 }, PORTFOLIO[1]]
  expect(await sends()).toEqual(bounced)
  const split = await read(splitPeriodOps([cid], PERIOD.start, PERIOD.end))
  expect(split.rolled).toEqual([
    { companyId: cid, from: '2026-03-06', to: '2026-03-10' },
    { companyId: cid, from: '2026-03-11', to: '2026-03-20' },
  ])

  // The job recomputes only that day; a rerun finds nothing to do and counts nothing twice.
  expect(await rollUpSends(NOW)).toEqual({ computed: 1, more: false })
  expect(await rollUpSends(NOW)).toEqual({ computed: 0, more: false })
  expect(await usage()).toEqual({ emails: 6, sms: 6 })
  expect(await read(usageByDayOps(cid, PERIOD))).toEqual(byDay(true))
  expect(await sends()).toEqual(bounced)
  const rows = await db.sendDailyRollup.findMany({ where: { companyId: cid, day: '2026-03-10' } })
  expect(rows.reduce((s, r) => s + r.count, 0)).toBe(5)
})

test('sends inserted into, moved out of or deleted from a rolled-up day are seen', async () => {
  const late = await send(cid, { sendingAt: at('11T10:00:00') })
  expect((await usage()).emails).toBe(7)
  // A retry hands it over again today: it leaves 11 March for the open day.
  await db.send.update({ where: { id: late }, data: { sendingAt: at('20T09:00:00') } })
  expect((await usage()).emails).toBe(7)
  await rollUpSends(NOW)
  await db.send.delete({ where: { id: late } })
  expect((await usage()).emails).toBe(6)
  await rollUpSends(NOW)
  expect((await usage()).emails).toBe(6)
  expect(await sends()).toEqual([{ ...PORTFOLIO[0]!, bounced: 2 }, PORTFOLIO[1]])
})

test("one account's rollup never reaches another's figures", async () => {
  const third = (await makeCompany()).id
  expect(await read(sentUnitsOps(third, 'email', PERIOD))).toBe(0)
  expect((await accountFigures([third], thirtyDays))[0]!.sends.total).toBe(0)
  expect(await read(sentUnitsOps(other, 'sms', PERIOD))).toBe(5)
  expect(await read(sentUnitsOps(other, 'email', PERIOD))).toBe(3)
})

test('without the Send triggers (a migration that redefined Send dropped them) the job empties the rollup: counts go live', async () => {
  expect(await db.sendRollupDay.count()).toBeGreaterThan(0)
  await db.$executeRawUnsafe(
    testEngine() === 'postgres' ? 'DROP TRIGGER "Send_rollup_update" ON "Send"' : 'DROP TRIGGER "Send_rollup_update"',
  )
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {})
  expect(await rollUpSends(NOW)).toEqual({ computed: 0, more: false })
  spy.mockRestore()
  expect(await db.sendRollupDay.count()).toBe(0)
  expect(await db.sendDailyRollup.count()).toBe(0)
  expect(await read(splitPeriodOps([cid], PERIOD.start, PERIOD.end))).toMatchObject({ rolled: [] })
  expect(await usage()).toEqual({ emails: 6, sms: 6 })
})
