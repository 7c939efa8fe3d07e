/** @jest-environment node */
// The sent-messages viewer (issue 30 §8, item 1): every row names its recipient (a campaign Send
// that left by SMTP keeps no outbox copy and no "to" in its content: the profile's address), and
// the account mails (invitation, password reset …) are listed with their kind, newest first
// among the Sends; a password reset's body (someone's sign-in link) is never shown. Another
// company sees none of them.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { GET as listRoute } from '@/app/ajax/messages/route'
import { GET as getRoute } from '@/app/ajax/messages/[id]/route'
import { POST as createUser } from '@/app/ajax/account/users/create/route'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { sendPasswordResetMail } from '@/lib/auth/request-password-reset'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function call(h: Handler, path: string, cookie: string, opts: { id?: string; body?: unknown } = {}) {
  const res = await h(
    ajaxRequest(path, { cookie, method: opts.body ? 'POST' : 'GET', body: opts.body }),
    opts.id ? params({ id: opts.id }) : undefined,
  )
  return { status: res.status, json: await res.json() }
}

let info: jest.SpyInstance
beforeEach(() => {
  delete process.env.SMTP_URL
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

test('recipients on every row; invitations and password resets listed with their kind; private bodies stay private', async () => {
  const { id: A } = await makeCompany('Viewer A')
  const { id: B } = await makeCompany('Viewer B')
  const owner = await makeUser({ companyId: A })
  const cookieA = await signIn(owner.id, A)
  const cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  const member = await makeUser({ companyId: A, role: 'analyst' })

  // A campaign email that left through SMTP: no outbox copy, no "to" in its content.
  const ada = (await upsertProfile(A, { email: 'ada@shop.test' }, { mode: 'import' })).profile.id
  const sendId = ulid()
  await db.send.create({
    data: {
      id: sendId,
      companyId: A,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: 'C1',
      profileId: ada,
      status: 'sent',
      provider: 'smtp',
      content: JSON.stringify({ subject: 'Sale' }),
      subject: 'Sale',
      createdAt: new Date(Date.now() - 60_000),
      sentAt: new Date(Date.now() - 60_000),
    },
  })
  expect(
    (
      await call(createUser, '/ajax/account/users/create', cookieA, {
        body: { email: 'newbie@example.test', role: 'manager' },
      })
    ).status,
  ).toBe(201)
  await new Promise((r) => setTimeout(r, 5))
  await sendPasswordResetMail(member.email)

  const list = await call(listRoute, '/ajax/messages', cookieA)
  expect(list.status).toBe(200)
  expect(list.json.total).toBe(3)
  const rows = list.json.messages as Array<{
    id: string
    to: string
    sourceType: string
    kind?: string
    notDelivered: boolean
  }>
  expect(rows.map((m) => [m.to, m.sourceType, m.kind ?? null])).toEqual([
    [member.email, 'account', 'password_reset'],
    ['newbie@example.test', 'account', 'invitation'],
    ['ada@shop.test', 'campaign_message', null],
  ])
  expect(rows[0]!.notDelivered).toBe(true)

  const invitation = await call(getRoute, `/ajax/messages/${rows[1]!.id}`, cookieA, { id: rows[1]!.id })
  expect(invitation.status).toBe(200)
  expect(invitation.json.message).toMatchObject({ to: 'newbie@example.test', kind: 'invitation', bodyPrivate: false })
  expect(invitation.json.message.text).toContain('/account/create-password/')
  const reset = await call(getRoute, `/ajax/messages/${rows[0]!.id}`, cookieA, { id: rows[0]!.id })
  expect(reset.json.message).toMatchObject({
    to: member.email,
    kind: 'password_reset',
    bodyPrivate: true,
    text: null,
    html: null,
  })
  const send = await call(getRoute, `/ajax/messages/${sendId}`, cookieA, { id: sendId })
  expect(send.json.message).toMatchObject({ to: 'ada@shop.test', bodyPrivate: false })

  // Filters: the outbox holds the account mails; "failed" and other sources leave them out; pages are merged.
  expect(
    (await call(listRoute, '/ajax/messages?outbox=true', cookieA)).json.messages.map((m: { id: string }) => m.id),
  ).toEqual([rows[0]!.id, rows[1]!.id])
  expect((await call(listRoute, '/ajax/messages?status=failed', cookieA)).json.total).toBe(0)
  expect((await call(listRoute, '/ajax/messages?source_type=account', cookieA)).json.total).toBe(2)
  const page2 = await call(listRoute, '/ajax/messages?page=2&page_size=2', cookieA)
  expect(page2.json.messages.map((m: { id: string }) => m.id)).toEqual([sendId])

  // Another company: none of it, not even by id.
  expect((await call(listRoute, '/ajax/messages', cookieB)).json.total).toBe(0)
  expect((await call(getRoute, `/ajax/messages/${rows[1]!.id}`, cookieB, { id: rows[1]!.id })).status).toBe(404)
  expect((await call(getRoute, '/ajax/messages/mail-abc', cookieA, { id: 'mail-abc' })).status).toBe(404)
})
