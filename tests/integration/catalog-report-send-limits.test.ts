/** @jest-environment node */
// Issue 29, finding 11: "Send now" of a scheduled catalog report mailed every user of the account
// on demand, for an Analyst too, without a limit, and made each team address a marketing profile.
// Now it needs catalog_write, goes out as account mail (no profile, no Send), and is limited to
// once per report per 10 minutes and 10 per account per day (429 with Retry-After).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { addScheduledReport } from '@/lib/catalog/reports/scheduled-reports'
import { sendReportNow } from '@/lib/catalog/reports/send-report-now'
import { setMailer, type MailMessage } from '@/lib/mail/mailer'
import * as sendRoute from '@/app/ajax/catalog/scheduled-reports/[id]/send/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

const mails: MailMessage[] = []
let company: number
let owner: string
let analyst: string

beforeAll(async () => {
  setMailer({
    send: async (m) => {
      mails.push(m)
    },
  })
  company = (await makeCompany('Report limits')).id
  const o = await makeUser({ companyId: company, role: 'owner', email: 'owner-l@example.test' })
  const a = await makeUser({ companyId: company, role: 'analyst', email: 'analyst-l@example.test' })
  owner = await signIn(o.id, company)
  analyst = await signIn(a.id, company)
})
afterAll(() => setMailer(null))

const send = async (id: string, cookie: string) => {
  const res = await (sendRoute.POST as (r: Request, c: unknown) => Promise<Response>)(
    ajaxRequest(`/ajax/catalog/scheduled-reports/${id}/send`, { method: 'POST', cookie, body: {} }),
    params({ id }),
  )
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: await res.json() }
}

test('an Analyst may not send; the owner sends once per 10 minutes, as account mail that makes no profile', async () => {
  const { id } = await addScheduledReport(company, { name: 'Drops', kind: 'price_drop', frequency: 'weekly' })
  expect((await send(id, analyst)).status).toBe(403)
  expect(mails).toHaveLength(0)

  const first = await send(id, owner)
  expect(first.json).toMatchObject({ success: true, sent: 2 })
  expect(mails.map((m) => m.to).sort()).toEqual(['analyst-l@example.test', 'owner-l@example.test'])
  expect(await db.profile.count({ where: { companyId: company } })).toBe(0)
  expect(await db.send.count({ where: { companyId: company } })).toBe(0)

  const again = await send(id, owner)
  expect(again.status).toBe(429)
  expect(again.json).toMatchObject({ success: false, error: 'too_many_requests' })
  expect(again.json.message).toMatch(/10 minutes/)
  expect(Number(again.retryAfter)).toBeGreaterThan(500)
  expect(mails).toHaveLength(2)
  expect((await send('NOPE', owner)).status).toBe(404)
})

test('an account sends at most 10 reports by hand a day, whatever the reports', async () => {
  const c = (await makeCompany('Day cap')).id
  await makeUser({ companyId: c, role: 'owner' })
  const start = Date.now() + 3_600_000
  const reports = await Promise.all(
    Array.from({ length: 11 }, (_, i) =>
      addScheduledReport(c, { name: `R${i}`, kind: 'price_drop', frequency: 'daily' }),
    ),
  )
  for (let i = 0; i < 10; i++) await sendReportNow(c, reports[i]!.id, new Date(start + i * 60_000))
  await expect(sendReportNow(c, reports[10]!.id, new Date(start + 11 * 60_000))).rejects.toMatchObject({
    status: 429,
    message: expect.stringMatching(/24 hours/),
  })
  // A day after the first, the allowance frees again.
  await expect(sendReportNow(c, reports[10]!.id, new Date(start + 86_400_000 + 1000))).resolves.toMatchObject({
    sent: 1,
  })
})
