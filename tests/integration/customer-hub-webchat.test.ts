/** @jest-environment node */
// Issue 24 §2, the rest of the hub: the webchat, extensions, features and font settings (400 field
// errors, one part of the content column saved without losing the others), the shopper page
// honouring them, and a chat message from the hub page reaching the inbox once. Real route
// handlers, a real session, a real database; only the mailer is swapped to read the sign-in code.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { ingestEvents } from '@/lib/events/ingest-events'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { setMailer, type MailMessage } from '@/lib/mail/mailer'
import * as settingsRoute from '@/app/ajax/customer-hub/settings/route'
import * as codeRoute from '@/app/hub/[publicKey]/code/route'
import * as sessionRoute from '@/app/hub/[publicKey]/session/route'
import * as supportRoute from '@/app/hub/[publicKey]/support/route'
import * as recsRoute from '@/app/hub/[publicKey]/recommendations/route'
import * as pageRoute from '@/app/hub/[publicKey]/route'

const APP = 'https://app.example.test'
const sent: MailMessage[] = []
beforeAll(() => setMailer({ send: async (m) => void sent.push(m) }))
afterAll(() => setMailer(null))
beforeEach(async () => {
  sent.length = 0
  await resetRateLimits()
})

let ip = 0
function call(
  route: { [m: string]: unknown },
  method: string,
  key: string,
  path: string,
  body?: unknown,
  cookie?: string,
) {
  const headers: Record<string, string> = { 'x-client-ip': `10.2.0.${++ip % 250}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (cookie) headers.cookie = cookie
  const req = new Request(`${APP}/hub/${key}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (route[method] as (r: Request, p: unknown) => Promise<Response>)(req, params({ publicKey: key }))
}

async function tenant() {
  const co = await makeCompany()
  const user = await makeUser({ companyId: co.id })
  return { co, key: co.publicApiKey, cookie: await signIn(user.id, co.id) }
}
const save = (cookie: string, body: unknown) =>
  settingsRoute.POST(ajaxRequest('/ajax/customer-hub/settings', { method: 'POST', cookie, body }))
const read = async (cookie: string) =>
  (await settingsRoute.GET(ajaxRequest('/ajax/customer-hub/settings', { cookie }))).json()

async function shopperSession(key: string, companyId: number) {
  const email = `ann-${companyId}@example.test`
  await ingestEvents(companyId, [
    {
      metric: { name: 'Placed Order' },
      profile: { email },
      properties: { OrderId: `O-${companyId}`, Items: [] },
      time: new Date(),
      value: 10,
      uniqueId: `O-${companyId}`,
    },
  ])
  expect((await call(codeRoute, 'POST', key, 'code', { email })).status).toBe(202)
  const code =
    sent
      .filter((m) => m.to === email)
      .pop()
      ?.text.match(/ is (\d{6})\./)?.[1] ?? ''
  const res = await call(sessionRoute, 'POST', key, 'session', { email, code })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

test('webchat, extensions, features and font: bad values are 400 with field errors and nothing is saved', async () => {
  const a = await tenant()
  const res = await save(a.cookie, {
    webchat: { greeting: '', hours: 'x'.repeat(201) },
    extensions: { reorder: 'yes' },
    features: { orders: 1 },
    design: { font: 'comic' },
  })
  expect(res.status).toBe(400)
  const { fieldErrors } = await res.json()
  expect(Object.keys(fieldErrors)).toEqual(
    expect.arrayContaining([
      'webchat.greeting',
      'webchat.hours',
      'extensions.reorder',
      'features.orders',
      'design.font',
    ]),
  )
  expect(await db.hubSettings.count({ where: { companyId: a.co.id } })).toBe(0)
})

test('each part of the content column is saved without losing the others', async () => {
  const a = await tenant()
  expect((await save(a.cookie, { extensions: { reorder: false, recommendations: true } })).status).toBe(200)
  expect((await save(a.cookie, { webchatEnabled: true, webchat: { greeting: 'Hello', hours: '9-5' } })).status).toBe(
    200,
  )
  expect((await save(a.cookie, { content: { headline: 'Hi', intro: '', blocks: [] } })).status).toBe(200)
  expect((await save(a.cookie, { features: { returns: false } })).status).toBe(200)
  const s = await read(a.cookie)
  expect(s).toMatchObject({
    webchatEnabled: true,
    webchat: { greeting: 'Hello', hours: '9-5' },
    extensions: { reorder: false, wishlist: false, recommendations: true },
    features: { orders: true, returns: false },
    content: { headline: 'Hi' },
    design: { font: 'system' },
  })
})

test('a chat message from the hub page reaches the inbox once, as a chat conversation', async () => {
  const a = await tenant()
  await save(a.cookie, { enabled: true, webchatEnabled: true, webchat: { greeting: 'Hi <b>there</b>', hours: '' } })
  const html = await (await pageRoute.GET(new Request(`${APP}/hub/${a.key}`), params({ publicKey: a.key }))).text()
  expect(html).toContain('id="chat-form"')
  expect(html).toContain('Hi &lt;b&gt;there&lt;/b&gt;')

  const cookie = await shopperSession(a.key, a.co.id)
  const res = await call(
    supportRoute,
    'POST',
    a.key,
    'support',
    { subject: 'Chat with us', body: 'Where is my parcel?' },
    cookie,
  )
  expect(res.status).toBe(200)
  const conversations = await db.conversation.findMany({ where: { companyId: a.co.id } })
  expect(conversations).toHaveLength(1)
  expect(conversations[0]!.channel).toBe('chat')
  const messages = await db.conversationMessage.findMany({ where: { companyId: a.co.id } })
  expect(messages).toHaveLength(1)
  expect(messages[0]!.body).toBe('Where is my parcel?')
})

test('the page leaves out the chat when it is off and honours the reorder and recommendations switches', async () => {
  const a = await tenant()
  await save(a.cookie, { enabled: true, extensions: { reorder: false, recommendations: false } })
  const html = await (await pageRoute.GET(new Request(`${APP}/hub/${a.key}`), params({ publicKey: a.key }))).text()
  expect(html).not.toContain('id="chat-form"')
  expect(html).toContain('"reorder":false')
  expect(html).toContain('"recs":false')
  const cookie = await shopperSession(a.key, a.co.id)
  const res = await call(recsRoute, 'GET', a.key, 'recommendations', undefined, cookie)
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ products: [] })
  expect((await call(recsRoute, 'GET', a.key, 'recommendations')).status).toBe(401)
})
