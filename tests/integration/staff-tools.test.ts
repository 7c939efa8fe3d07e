/** @jest-environment node */
// Issue 27 §2 and §5: the staff tools refuse an account without consent and log every access
// (refusals too); the SQL explorer cannot write, cannot read another account's rows and stops at
// its timeout; litigator numbers are never texted; a suspended account's sends are skipped
// visibly; SMS restrictions hold in the send policy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { STAFF_RESOURCES } from '@/lib/auth/resources'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends, type CreateSendsInput } from '@/lib/messaging/create-sends'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setConsent } from '@/lib/profiles/consent'
import { ulid } from '@/lib/ids/make-id'
import { isFlagOn } from '@/lib/flags/get-feature-flags'
import * as flagsRoute from '@/app/ajax/staff/account/[companyId]/feature-flags/route'
import * as ticketsRoute from '@/app/ajax/staff/account/[companyId]/support-tickets/route'
import * as deliverabilityRoute from '@/app/ajax/staff/account/[companyId]/deliverability/route'
import * as smsRoute from '@/app/ajax/staff/account/[companyId]/sms-restrictions/route'
import * as sqlRoute from '@/app/ajax/staff/account/[companyId]/sql/route'
import * as growthRoute from '@/app/ajax/staff/account/[companyId]/growth-report/route'
import * as auditRoute from '@/app/ajax/staff/audit/route'
import * as accountsRoute from '@/app/ajax/staff/accounts/route'
import * as litigatorsRoute from '@/app/ajax/staff/litigators/route'
import * as ownLitigatorsRoute from '@/app/ajax/litigator-upload/route'
import * as sendTestRoute from '@/app/ajax/sms/send-test/route'
import * as permissionsRoute from '@/app/ajax/staff/permissions/[userId]/route'
import { POST as openAccount } from '@/app/ajax/staff/account/[companyId]/open/route'
import { GET as authorization } from '@/app/ajax/authorization/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of many shapes
type Body = Record<string, any>
type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>

async function call(
  h: Handler,
  method: string,
  cookie: string,
  companyId?: number,
  body?: unknown,
  path = '/ajax/staff',
) {
  const res = await h(
    ajaxRequest(path, { method, cookie, body }),
    companyId === undefined ? undefined : params({ companyId: String(companyId) }),
  )
  return {
    status: res.status,
    json: (await res.json()) as Body,
  }
}

async function staffer(resources: readonly string[] = STAFF_RESOURCES) {
  const home = await makeCompany('Provider')
  const s = await makeUser({ companyId: home.id, isStaff: true, staffResources: [...resources] })
  return { s, cookie: await signIn(s.id, home.id) }
}

async function customer(consent = true) {
  const c = await makeCompany('Shop ' + Math.random().toString(36).slice(2, 7))
  const owner = await makeUser({ companyId: c.id })
  if (consent)
    await db.staffConsent.create({
      data: { companyId: c.id, grantedById: owner.id, expiresAt: new Date(Date.now() + 86_400_000) },
    })
  return { c, owner }
}

const audit = (companyId: number) =>
  db.staffAuditEntry.findMany({ where: { companyId }, orderBy: { id: 'asc' }, select: { action: true, details: true } })

describe('consent and audit', () => {
  test('no consent: 403 on every account tool, each refusal logged; with consent: 200 and logged', async () => {
    const { cookie } = await staffer()
    const { c } = await customer(false)
    for (const [h, method, body] of [
      [flagsRoute.GET, 'GET', undefined],
      [ticketsRoute.POST, 'POST', { subject: 'Hi', message: 'Hello' }],
      [deliverabilityRoute.POST, 'POST', { reason: 'Spam complaints' }],
      [smsRoute.GET, 'GET', undefined],
      [sqlRoute.POST, 'POST', { sql: 'SELECT 1' }],
      [growthRoute.GET, 'GET', undefined],
      [openAccount, 'POST', undefined],
    ] as const) {
      const r = await call(h as Handler, method, cookie, c.id, body)
      expect({ status: r.status, error: r.json.error }).toEqual({ status: 403, error: 'no_consent' })
    }
    const refused = await audit(c.id)
    expect(refused.map((a) => a.action)).toEqual(Array(7).fill('access.refused'))
    expect(JSON.parse(refused[4]!.details)).toEqual({ attempted: 'sql.run' })
    expect(await db.supportTicket.count({ where: { companyId: c.id } })).toBe(0)
    expect(await db.sendingSuspension.count({ where: { companyId: c.id } })).toBe(0)

    await db.staffConsent.create({
      data: { companyId: c.id, grantedById: (await makeUser()).id, expiresAt: new Date(Date.now() + 86_400_000) },
    })
    const flags = await call(flagsRoute.GET, 'GET', cookie, c.id)
    expect(flags.status).toBe(200)
    const put = await call(flagsRoute.PUT, 'PUT', cookie, c.id, { name: 'amp', enabled: true })
    expect(put.status).toBe(200)
    expect(await isFlagOn(c.id, 'amp')).toBe(true)
    const ticket = await call(ticketsRoute.POST, 'POST', cookie, c.id, { subject: 'Your DNS', message: 'Please fix' })
    expect(ticket.status).toBe(201)
    expect(await db.supportTicket.count({ where: { companyId: c.id, path: 'staff' } })).toBe(1)
    expect((await audit(c.id)).slice(7).map((a) => a.action)).toEqual([
      'flags.view',
      'flags.update',
      'support_ticket.create',
    ])

    // The audit screen lists them, filtered by account.
    const listed = await call(
      auditRoute.GET,
      'GET',
      cookie,
      undefined,
      undefined,
      `/ajax/staff/audit?companyId=${c.id}`,
    )
    expect(listed.status).toBe(200)
    expect(listed.json.entries.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
      'support_ticket.create',
      'flags.update',
      'flags.view',
    ])
  })

  test('staff inside a customer account leave an audit row for every request they make there', async () => {
    const { cookie } = await staffer()
    const { c } = await customer()
    expect((await call(openAccount as Handler, 'POST', cookie, c.id)).status).toBe(200)
    const shell = await authorization(ajaxRequest('/ajax/authorization', { cookie }))
    expect(shell.status).toBe(200)
    const rows = await audit(c.id)
    expect(rows.map((r) => r.action)).toEqual(['account.open', 'account.request'])
    expect(JSON.parse(rows[1]!.details)).toEqual({ method: 'GET', path: '/ajax/authorization' })
  })

  test('a member who is not staff, or staff without the tool resource, gets 404; bad input is 400', async () => {
    const { c, owner } = await customer()
    const memberCookie = await signIn(owner.id, c.id)
    expect((await call(flagsRoute.GET, 'GET', memberCookie, c.id)).status).toBe(404)
    const { cookie: narrow } = await staffer(['staff_base', 'staff_accounts_read'])
    expect((await call(flagsRoute.GET, 'GET', narrow, c.id)).status).toBe(404)
    const { cookie } = await staffer()
    const bad = await call(flagsRoute.PUT, 'PUT', cookie, c.id, { name: 'nope', enabled: 'yes' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['enabled', 'name'])
    expect((await call(flagsRoute.GET, 'GET', cookie, 999_999)).status).toBe(404)
    const lookup = await call(accountsRoute.GET, 'GET', cookie, undefined, undefined, `/ajax/staff/accounts?q=${c.id}`)
    expect(lookup.json.accounts.map((a: { id: number }) => a.id)).toContain(c.id)
  })

  test('staff cannot change their own staff permissions; changing another is logged', async () => {
    const { s, cookie } = await staffer()
    const self = await permissionsRoute.PUT(
      ajaxRequest('/ajax/staff/permissions', { method: 'PUT', cookie, body: { resources: [] } }),
      params({ userId: String(s.id) }),
    )
    expect(self.status).toBe(403)
    const other = await makeUser({ isStaff: true, staffResources: ['staff_base'] })
    const ok = await permissionsRoute.PUT(
      ajaxRequest('/ajax/staff/permissions', { method: 'PUT', cookie, body: { resources: ['staff_audit'] } }),
      params({ userId: String(other.id) }),
    )
    expect(ok.status).toBe(200)
    const row = await db.staffAuditEntry.findFirst({ where: { action: 'permissions.update', staffUserId: s.id } })
    expect(JSON.parse(row!.details)).toMatchObject({ userId: other.id, to: ['staff_audit'] })
  })
})

describe('SQL explorer', () => {
  test('reads only the account rows, refuses writes, other tables and schema names', async () => {
    const { cookie } = await staffer()
    const { c: A } = await customer()
    const { c: B } = await customer()
    await upsertProfile(A.id, { email: 'a1@a.test' }, { mode: 'import' })
    await upsertProfile(A.id, { email: 'a2@a.test' }, { mode: 'import' })
    await upsertProfile(B.id, { email: 'secret@b.test' }, { mode: 'import' })
    const run = (sql: string, id = A.id) => call(sqlRoute.POST, 'POST', cookie, id, { sql })

    const own = await run('SELECT email FROM profile ORDER BY email')
    expect(own.status).toBe(200)
    expect(own.json.rows).toEqual([['a1@a.test'], ['a2@a.test']])
    // Every way of naming the table goes through the account's CTE.
    for (const sql of [
      `SELECT count(*) AS n FROM "Profile" WHERE email LIKE '%b.test'`,
      `SELECT count(*) AS n FROM Profile p JOIN Profile q ON q.id = p.id WHERE p."companyId" = ${B.id}`,
      `WITH x AS (SELECT * FROM Profile) SELECT count(*) AS n FROM x WHERE email = 'secret@b.test'`,
      `SELECT (SELECT count(*) FROM Profile WHERE "companyId" <> ${A.id}) AS n`,
    ]) {
      const r = await run(sql)
      expect({ sql, status: r.status, rows: r.json.rows }).toEqual({ sql, status: 200, rows: [[0]] })
    }

    for (const sql of [
      `DELETE FROM Profile`,
      `SELECT 1; DELETE FROM Profile`,
      `SELECT 1; SELECT 2`,
      `UPDATE Profile SET email = 'x'`,
      `PRAGMA table_info(Profile)`,
      `SELECT * FROM main.Profile`,
      `SELECT * FROM "main"."Profile"`,
      `SELECT * FROM sqlite_master`,
      `SELECT * FROM User`,
      `SELECT * FROM Profile, "Session"`,
      `SELECT * FROM ApiKey`,
      `CREATE TABLE x (a)`,
      `ATTACH DATABASE 'x.db' AS x`,
      `SELECT * INTO x FROM Profile`,
      `SELECT load_extension('x')`,
      `SELECT * FROM ts_stat('SELECT to_tsvector(email) FROM "User"')`,
      `SELECT query_to_xml('SELECT * FROM "User"', true, false, '')`,
      `SELECT pg_read_file('/etc/passwd')`,
    ]) {
      const r = await run(sql)
      expect({ sql, status: r.status, field: !!r.json.fieldErrors?.sql }).toEqual({ sql, status: 400, field: true })
    }
    expect(await db.profile.count({ where: { companyId: A.id } })).toBe(2)

    // Every query is logged with its text before it runs, the refused ones too.
    const logged = await db.staffAuditEntry.findMany({ where: { companyId: A.id, action: 'sql.run' } })
    expect(logged.map((l) => JSON.parse(l.details).sql)).toContain('DELETE FROM Profile')
  })

  test('caps the rows and stops a query at its timeout', async () => {
    const { cookie } = await staffer()
    const { c } = await customer()
    const capped = await call(sqlRoute.POST, 'POST', cookie, c.id, {
      sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT i FROM n',
    })
    expect(capped.status).toBe(200)
    expect(capped.json.rows).toHaveLength(500)
    expect(capped.json.truncated).toBe(true)

    process.env.STAFF_SQL_TIMEOUT_MS = '700'
    const started = Date.now()
    const slow = await call(sqlRoute.POST, 'POST', cookie, c.id, {
      sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n',
    })
    delete process.env.STAFF_SQL_TIMEOUT_MS
    expect({ status: slow.status, error: slow.json.error }).toEqual({ status: 400, error: 'query_timeout' })
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

describe('the send policy', () => {
  async function smsProfile(companyId: number, phone: string) {
    const p = (await upsertProfile(companyId, { phoneNumber: phone }, { mode: 'import' })).profile.id
    await setConsent(companyId, p, 'sms_marketing', 'subscribed', { method: 'TEST' })
    return p
  }
  const smsSend = (
    companyId: number,
    profileIds: string[],
    over: Partial<CreateSendsInput> = {},
  ): CreateSendsInput => ({
    companyId,
    channel: 'sms',
    sourceType: 'campaign_message',
    sourceId: ulid(),
    content: { text: 'Sale today' },
    recipients: profileIds.map((profileId) => ({ profileId })),
    ...over,
  })
  const reasons = async (companyId: number, sourceId: string) =>
    Object.fromEntries(
      (await db.send.findMany({ where: { companyId, sourceId }, select: { profileId: true, reason: true } })).map(
        (s) => [s.profileId, s.reason],
      ),
    )

  test('litigator numbers (staff list and the account own) are never texted, transactional included', async () => {
    const { cookie } = await staffer()
    const { c, owner } = await customer()
    const upload = await call(litigatorsRoute.POST, 'POST', cookie, undefined, {
      csv: 'phone\n+1 (415) 555-0101\nnot a number\n+14155550101\n',
    })
    expect(upload.status).toBe(200)
    expect(upload.json).toMatchObject({ added: 1, alreadyListed: 0, invalid: [{ row: 3, value: 'not a number' }] })
    const ownerCookie = await signIn(owner.id, c.id)
    const own = await call(ownLitigatorsRoute.POST, 'POST', ownerCookie, undefined, { csv: '4155550102\n' })
    expect(own.json).toMatchObject({ added: 1 })
    expect((await call(ownLitigatorsRoute.POST, 'POST', ownerCookie, undefined, { csv: 'x,y\n' })).status).toBe(400)

    const listed = await smsProfile(c.id, '+14155550101')
    const ownListed = await smsProfile(c.id, '+14155550102')
    const fine = await smsProfile(c.id, '+14155550103')
    const marketing = smsSend(c.id, [listed, ownListed, fine])
    const receipt = smsSend(c.id, [listed], { sourceType: 'transactional', transactional: true })
    await createSends(marketing)
    await createSends(receipt)
    await runJobsUntilIdle()
    const got = await reasons(c.id, marketing.sourceId)
    expect(got[listed]).toBe('litigator_number')
    expect(got[ownListed]).toBe('litigator_number')
    expect(got[fine]).not.toBe('litigator_number')
    expect((await reasons(c.id, receipt.sourceId))[listed]).toBe('litigator_number')

    // An account's own list is its own: another account still texts that number.
    const { c: other } = await customer()
    const elsewhere = await smsProfile(other.id, '+14155550102')
    const m2 = smsSend(other.id, [elsewhere])
    await createSends(m2)
    await runJobsUntilIdle()
    expect((await reasons(other.id, m2.sourceId))[elsewhere]).not.toBe('litigator_number')
  })

  test('a suspended account skips every send as sending_suspended; lifting it lets them go again', async () => {
    const { cookie } = await staffer()
    const { c } = await customer()
    const p = (await upsertProfile(c.id, { email: 'ada@shop.test' }, { mode: 'import' })).profile.id
    const email = (): CreateSendsInput => ({
      companyId: c.id,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: ulid(),
      content: { subject: 'Hi', html: '<p>Hi</p>', fromEmail: 'news@shop.test' },
      recipients: [{ profileId: p }],
    })
    const suspended = await call(deliverabilityRoute.POST, 'POST', cookie, c.id, { reason: 'Spam trap hits' })
    expect(suspended.status).toBe(201)
    expect((await call(deliverabilityRoute.POST, 'POST', cookie, c.id, { reason: 'Again please' })).status).toBe(409)
    expect((await call(deliverabilityRoute.POST, 'POST', cookie, c.id, { reason: '' })).status).toBe(400)
    const first = email()
    await createSends(first)
    await runJobsUntilIdle()
    expect(await db.send.findFirst({ where: { companyId: c.id, sourceId: first.sourceId } })).toMatchObject({
      status: 'skipped',
      reason: 'sending_suspended',
    })
    const review = await call(deliverabilityRoute.GET, 'GET', cookie, c.id)
    expect(review.json.active).toMatchObject({ reason: 'Spam trap hits' })

    expect((await call(deliverabilityRoute.DELETE, 'DELETE', cookie, c.id)).json).toEqual({ lifted: 1 })
    const second = email()
    await createSends(second)
    await runJobsUntilIdle()
    expect((await db.send.findFirst({ where: { companyId: c.id, sourceId: second.sourceId } }))!.reason).not.toBe(
      'sending_suspended',
    )
  })

  test('a test SMS from the settings page is held to the same decisions', async () => {
    const { cookie } = await staffer()
    const { c, owner } = await customer()
    const ownerCookie = await signIn(owner.id, c.id)
    await call(litigatorsRoute.POST, 'POST', cookie, undefined, { csv: '+14155550177\n' })
    const send = (to: string) =>
      call(sendTestRoute.POST, 'POST', ownerCookie, undefined, { to, body: 'Test' }, '/ajax/sms/send-test')
    const listed = await send('+14155550177')
    expect({ status: listed.status, field: Object.keys(listed.json.fieldErrors ?? {}) }).toEqual({
      status: 400,
      field: ['to'],
    })
    await call(smsRoute.PUT, 'PUT', cookie, c.id, { blocked: true, allowedCountryCodes: [] })
    expect((await send('+14155550178')).json.error).toBe('sms_restricted')
  })

  test('SMS restrictions: blocked, or only the allowed country codes', async () => {
    const { cookie } = await staffer()
    const { c } = await customer()
    const us = await smsProfile(c.id, '+14155550111')
    const uk = await smsProfile(c.id, '+447911123456')
    const bad = await call(smsRoute.PUT, 'PUT', cookie, c.id, { blocked: false, allowedCountryCodes: ['+1'] })
    expect(bad.status).toBe(400)
    await call(smsRoute.PUT, 'PUT', cookie, c.id, { blocked: false, allowedCountryCodes: ['1'], reason: 'US only' })
    const m = smsSend(c.id, [us, uk])
    await createSends(m)
    await runJobsUntilIdle()
    const got = await reasons(c.id, m.sourceId)
    expect(got[uk]).toBe('sms_country_restricted')
    expect(got[us]).not.toBe('sms_country_restricted')

    await call(smsRoute.PUT, 'PUT', cookie, c.id, { blocked: true, allowedCountryCodes: [] })
    const m2 = smsSend(c.id, [us])
    await createSends(m2)
    await runJobsUntilIdle()
    expect((await reasons(c.id, m2.sourceId))[us]).toBe('sms_restricted')
  })
})
