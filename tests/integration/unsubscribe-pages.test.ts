/** @jest-environment node */
// One-click unsubscribe (RFC 8058), the hosted unsubscribe and preference pages, and the
// mailto unsubscribe through the inbound endpoint: real route handlers, real Requests, a real
// database; sends made by the real pipeline (outbox).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { activeSuppressions, emailConsent, eventCount, sentEmail } from '../helpers/unsubscribe-fixtures'
import * as unsubscribeRoute from '@/app/unsubscribe/route'
import * as emailPagesRoute from '@/app/email/pages/[pageType]/[[...consentPageId]]/route'
import * as listPagesRoute from '@/app/list/[listId]/email/pages/route'
import * as inboundRoute from '@/app/webhooks/inbound/email/route'
import { preferencesUrl, templateLink, unsubscribeToken, unsubscribeUrl } from '@/lib/messaging/unsubscribe-link'
import { inboundWebhookToken } from '@/lib/messaging/bounces/webhook-token'
import { createList } from '@/lib/groups/create-list'
import { addProfilesToList } from '@/lib/groups/list-membership'
import { TOKEN_VALID_DAYS } from '@/lib/messaging/unsubscribe/resolve-token'

const APP = 'https://app.example.test'
beforeAll(() => {
  process.env.APP_URL = APP
  delete process.env.SMTP_URL
})

const oneClick = (
  url: string,
  body = 'List-Unsubscribe=One-Click',
  contentType = 'application/x-www-form-urlencoded',
) => unsubscribeRoute.POST(new Request(url, { method: 'POST', headers: { 'content-type': contentType }, body }))
const get = (url: string, headers: Record<string, string> = {}) => unsubscribeRoute.GET(new Request(url, { headers }))
const pageGet = (pageType: string, url: string, consentPageId?: string[]) =>
  emailPagesRoute.GET(new Request(url), {
    params: Promise.resolve({ pageType, ...(consentPageId ? { consentPageId } : {}) }),
  })
const pagePost = (pageType: string, url: string, form: URLSearchParams) =>
  emailPagesRoute.POST(new Request(url, { method: 'POST', body: form }), { params: Promise.resolve({ pageType }) })
const listGet = (listId: string, url: string) =>
  listPagesRoute.GET(new Request(url), { params: Promise.resolve({ listId }) })
const listPost = (listId: string, url: string, form: URLSearchParams) =>
  listPagesRoute.POST(new Request(url, { method: 'POST', body: form }), { params: Promise.resolve({ listId }) })

test('the List-Unsubscribe one-click POST unsubscribes with no page, login or CSRF token, once', async () => {
  const co = await makeCompany('Acme Outdoor')
  const { profileId, send } = await sentEmail(co.id, 'ann@x.test')
  expect(await activeSuppressions(co.id, profileId)).toEqual([])

  const res = await oneClick(unsubscribeUrl(send.id))
  expect(res.status).toBe(200)
  expect(await emailConsent(co.id, profileId)).toEqual({
    status: 'unsubscribed',
    method: 'ONE_CLICK',
    source: 'List-Unsubscribe-Post',
  })
  expect(await activeSuppressions(co.id, profileId)).toEqual(['email:unsubscribed'])
  expect(await eventCount(co.id, profileId, 'Unsubscribed')).toBe(1)
  const ev = await db.event.findFirstOrThrow({
    where: { companyId: co.id, profileId, metric: { name: 'Unsubscribed' } },
  })
  expect(JSON.parse(ev.properties)).toMatchObject({
    $send_id: send.id,
    Method: 'ONE_CLICK',
    $source_type: 'campaign_message',
    Subject: 'Spring sale',
  })

  // Idempotent: repeated POSTs (multipart too, as some clients send it) change nothing more.
  const form = new FormData()
  form.set('List-Unsubscribe', 'One-Click')
  expect(
    (await unsubscribeRoute.POST(new Request(unsubscribeUrl(send.id), { method: 'POST', body: form }))).status,
  ).toBe(200)
  expect((await oneClick(unsubscribeUrl(send.id))).status).toBe(200)
  expect(await eventCount(co.id, profileId, 'Unsubscribed')).toBe(1)
  expect(await activeSuppressions(co.id, profileId)).toEqual(['email:unsubscribed'])
})

test('a POST without the one-click body is refused and changes nothing', async () => {
  const co = await makeCompany()
  const { profileId, send } = await sentEmail(co.id, 'bo@x.test')
  const res = await oneClick(unsubscribeUrl(send.id), 'List-Unsubscribe=Maybe')
  expect(res.status).toBe(400)
  expect(await emailConsent(co.id, profileId)).toBeNull()
  expect(await activeSuppressions(co.id, profileId)).toEqual([])
})

test('GET shows the branded confirm page with a link to the preferences; its button unsubscribes and lands on the unsubscribed page', async () => {
  const co = await makeCompany('Northwind <Goods>')
  const { profileId, send } = await sentEmail(co.id, 'cy@x.test')
  const res = await get(unsubscribeUrl(send.id))
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  const html = await res.text()
  expect(html).toContain('Unsubscribe from Northwind &lt;Goods&gt; emails?')
  expect(html).toContain('cy@x.test')
  expect(html).toContain('<span>Northwind &lt;Goods&gt;</span>')
  const t = encodeURIComponent(unsubscribeToken(send.id))
  expect(html).toContain(`action="/unsubscribe?t=${t}"`)
  expect(html).toContain(`href="/email/pages/manage_preferences?t=${t}"`)
  // A GET never changes anything (link scanners follow links).
  expect(await emailConsent(co.id, profileId)).toBeNull()

  const form = new URLSearchParams({ 'List-Unsubscribe': 'One-Click', from: 'page' })
  const post = await unsubscribeRoute.POST(new Request(unsubscribeUrl(send.id), { method: 'POST', body: form }))
  expect(post.status).toBe(303)
  expect(post.headers.get('location')).toBe(`/email/pages/unsubscribed?t=${t}`)
  expect(await emailConsent(co.id, profileId)).toMatchObject({ status: 'unsubscribed', method: 'UNSUBSCRIBE_PAGE' })
  const done = await pageGet('unsubscribed', `${APP}/email/pages/unsubscribed?t=${t}`)
  expect(done.status).toBe(200)
  expect(await done.text()).toContain('You are unsubscribed')
  // The confirm page of an unsubscribed profile says so instead of asking again.
  expect(await (await get(unsubscribeUrl(send.id))).text()).toContain('You are unsubscribed')
})

test("the page speaks the profile's language", async () => {
  const co = await makeCompany('Haus')
  const { send } = await sentEmail(co.id, 'de@x.test', { locale: 'de-DE' })
  expect(await (await get(unsubscribeUrl(send.id))).text()).toContain('E-Mails von Haus abbestellen?')
})

describe('forged, altered and expired tokens: a clear page, 400, nothing changed', () => {
  test.each([
    ['no token', () => `${APP}/unsubscribe`],
    ['garbage', () => `${APP}/unsubscribe?t=garbage`],
    [
      'forged signature',
      (id: string) => `${APP}/unsubscribe?t=${encodeURIComponent(id + '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')}`,
    ],
    [
      'another send id with a real signature',
      (id: string) =>
        `${APP}/unsubscribe?t=${encodeURIComponent('X' + id.slice(1) + unsubscribeToken(id).slice(id.length))}`,
    ],
    ['a well-signed token of a send that does not exist', () => unsubscribeUrl('01HZZZZZZZZZZZZZZZZZZZZZZZ')],
  ])('%s', async (_name, make) => {
    const co = await makeCompany()
    const { profileId, send } = await sentEmail(co.id, `f${Math.random().toString(36).slice(2)}@x.test`)
    const url = make(send.id)
    const g = await get(url)
    expect(g.status).toBe(400)
    expect(await g.text()).toContain('This link is not valid')
    const p = await oneClick(url)
    expect(p.status).toBe(400)
    expect(await p.text()).toContain('This link is not valid')
    const prefs = await pageGet('manage_preferences', url.replace('/unsubscribe', '/email/pages/manage_preferences'))
    expect(prefs.status).toBe(400)
    expect(await emailConsent(co.id, profileId)).toBeNull()
    expect(await activeSuppressions(co.id, profileId)).toEqual([])
    expect(await eventCount(co.id, profileId, 'Unsubscribed')).toBe(0)
  })

  test('a link older than the validity period is expired', async () => {
    const co = await makeCompany()
    const { profileId, send } = await sentEmail(co.id, 'old@x.test')
    await db.send.update({
      where: { id: send.id },
      data: { createdAt: new Date(Date.now() - (TOKEN_VALID_DAYS + 1) * 86_400_000) },
    })
    const res = await oneClick(unsubscribeUrl(send.id))
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('This link has expired')
    expect(await emailConsent(co.id, profileId)).toBeNull()
  })
})

test('{% manage_preferences %} and {% unsubscribe %} point at the hosted pages', async () => {
  const co = await makeCompany()
  const { send } = await sentEmail(co.id, 'links@x.test')
  expect(templateLink(send, 'manage_preferences')).toBe(preferencesUrl(send.id))
  expect(preferencesUrl(send.id)).toBe(
    `${APP}/email/pages/manage_preferences?t=${encodeURIComponent(unsubscribeToken(send.id))}`,
  )
  expect(templateLink(send, 'unsubscribe')).toBe(unsubscribeUrl(send.id))
  const mail = await db.outboxMail.findFirstOrThrow({ where: { id: send.outboxMailId! } })
  expect(mail.html).toContain(`/email/pages/manage_preferences?t=${encodeURIComponent(unsubscribeToken(send.id))}`)
})

test('the preference page: pick which lists to stay on, turn email off and on again', async () => {
  const co = await makeCompany('Shop')
  const { profileId, send } = await sentEmail(co.id, 'dee@x.test')
  const news = await createList(co.id, { name: 'Newsletter' })
  const vip = await createList(co.id, { name: 'VIP' })
  const other = await createList(co.id, { name: 'Not mine' })
  await addProfilesToList(co.id, news.id, [profileId])
  await addProfilesToList(co.id, vip.id, [profileId])
  const url = preferencesUrl(send.id)

  const page = await pageGet('manage_preferences', url)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Newsletter')
  expect(html).toContain('VIP')
  expect(html).not.toContain('Not mine')
  expect(html).toMatch(/name="email_marketing" value="1" checked/)

  // Stay on VIP only; email stays on.
  const saved = await pagePost(
    'manage_preferences',
    url,
    new URLSearchParams([
      ['email_marketing', '1'],
      ['list', vip.id],
      ['list', other.id],
    ]),
  )
  expect(saved.status).toBe(303)
  expect(saved.headers.get('location')).toContain('&saved=1')
  const members = async () =>
    (await db.groupMembership.findMany({ where: { profileId, leftAt: null }, select: { groupId: true } }))
      .map((m) => m.groupId)
      .sort()
  expect(await members()).toEqual([vip.id])
  expect(await db.group.findUniqueOrThrow({ where: { id: news.id } }).then((g) => g.memberCount)).toBe(0)
  expect(await emailConsent(co.id, profileId)).toBeNull()
  const after = await (await pageGet('manage_preferences', url + '&saved=1')).text()
  expect(after).toContain('Your preferences were saved.')
  expect(after).toContain('Newsletter') // a list left can be joined again

  // Email off: unsubscribed with the page as method; on again: subscribed, the suppression cleared.
  await pagePost(
    'manage_preferences',
    url,
    new URLSearchParams([
      ['list', vip.id],
      ['list', news.id],
    ]),
  )
  expect(await members()).toEqual([news.id, vip.id].sort())
  expect(await emailConsent(co.id, profileId)).toEqual({
    status: 'unsubscribed',
    method: 'PREFERENCE_PAGE',
    source: 'Preference page',
  })
  expect(await eventCount(co.id, profileId, 'Unsubscribed')).toBe(1)
  await pagePost(
    'manage_preferences',
    url,
    new URLSearchParams([
      ['email_marketing', '1'],
      ['list', vip.id],
      ['list', news.id],
    ]),
  )
  expect(await emailConsent(co.id, profileId)).toMatchObject({ status: 'subscribed', method: 'PREFERENCE_PAGE' })
  expect(await activeSuppressions(co.id, profileId)).toEqual([])

  // A consent page id is accepted (custom pages are not built: the default page answers).
  expect((await pageGet('manage_preferences', url, ['cp_123'])).status).toBe(200)
  expect((await pageGet('no_such_page', url)).status).toBe(404)
})

test("the list page changes only that list; another company's list is not found and untouched", async () => {
  const a = await makeCompany('A')
  const b = await makeCompany('B')
  const { profileId, send } = await sentEmail(a.id, 'eve@x.test')
  const listA = await createList(a.id, { name: 'Weekly' })
  const keep = await createList(a.id, { name: 'Monthly' })
  await addProfilesToList(a.id, listA.id, [profileId])
  await addProfilesToList(a.id, keep.id, [profileId])
  const t = encodeURIComponent(unsubscribeToken(send.id))

  const page = await listGet(listA.id, `${APP}/list/${listA.id}/email/pages?t=${t}`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Your subscription to Weekly')
  expect(html).not.toContain('Monthly')
  const res = await listPost(
    listA.id,
    `${APP}/list/${listA.id}/email/pages?t=${t}`,
    new URLSearchParams({ email_marketing: '1' }),
  )
  expect(res.status).toBe(303)
  const current = (await db.groupMembership.findMany({ where: { profileId, leftAt: null } })).map((m) => m.groupId)
  expect(current).toEqual([keep.id])

  // Company B's list with company A's token: 404 page, and B's list and members unchanged.
  const { profileId: bob } = await sentEmail(b.id, 'bob@x.test')
  const listB = await createList(b.id, { name: 'B list' })
  await addProfilesToList(b.id, listB.id, [bob])
  expect((await listGet(listB.id, `${APP}/list/${listB.id}/email/pages?t=${t}`)).status).toBe(404)
  expect(
    (await listPost(listB.id, `${APP}/list/${listB.id}/email/pages?t=${t}`, new URLSearchParams({ list: listB.id })))
      .status,
  ).toBe(404)
  expect(await db.groupMembership.count({ where: { groupId: listB.id, leftAt: null } })).toBe(1)
  expect(await db.groupMembership.count({ where: { groupId: listB.id, profileId } })).toBe(0)
})

test("a token only reaches its own send's profile: unsubscribing A leaves B's same-address profile alone", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const sa = await sentEmail(a.id, 'same@x.test')
  const sb = await sentEmail(b.id, 'same@x.test')
  await oneClick(unsubscribeUrl(sa.send.id))
  expect(await emailConsent(a.id, sa.profileId)).toMatchObject({ status: 'unsubscribed' })
  expect(await emailConsent(b.id, sb.profileId)).toBeNull()
  expect(await activeSuppressions(b.id, sb.profileId)).toEqual([])
})

describe('the mailto unsubscribe through the inbound endpoint', () => {
  const mailto = (token: string, companyToken: string, subject = `unsubscribe ${token}`) =>
    inboundRoute.POST(
      new Request(`${APP}/webhooks/inbound/email?token=${encodeURIComponent(companyToken)}`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822' },
        body: `From: Ann <ann@x.test>\r\nTo: unsubscribe@shop.example.test\r\nSubject: ${subject}\r\nMessage-ID: <m-${Math.random()}@x.test>\r\n\r\nunsubscribe\r\n`,
      }),
    )

  test("unsubscribes the token's recipient, once", async () => {
    const co = await makeCompany()
    const { profileId, send } = await sentEmail(co.id, 'mt@x.test')
    const res = await mailto(unsubscribeToken(send.id), inboundWebhookToken(co.id))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ kind: 'unsubscribe', changed: true })
    expect(await emailConsent(co.id, profileId)).toMatchObject({ status: 'unsubscribed', method: 'MAILTO' })
    expect(await (await mailto(unsubscribeToken(send.id), inboundWebhookToken(co.id))).json()).toEqual({
      kind: 'unsubscribe',
      changed: false,
    })
    expect(await eventCount(co.id, profileId, 'Unsubscribed')).toBe(1)
  })

  test("another company's endpoint, a forged token or a bad endpoint token change nothing", async () => {
    const a = await makeCompany()
    const b = await makeCompany()
    const { profileId, send } = await sentEmail(a.id, 'mx@x.test')
    const cross = await mailto(unsubscribeToken(send.id), inboundWebhookToken(b.id))
    expect(cross.status).toBe(400)
    expect((await mailto(send.id + '.forged', inboundWebhookToken(a.id))).status).toBe(400)
    expect((await mailto(unsubscribeToken(send.id), `${a.id}.wrong`)).status).toBe(401)
    expect(await emailConsent(a.id, profileId)).toBeNull()
  })
})
