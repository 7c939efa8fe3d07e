/** @jest-environment node */
// Consent pages, hosted-pages branding, the onsite install check and the list embed (issue 20
// §3): the editor endpoints validate and stay inside their company, and the EXISTING hosted
// unsubscribe/preference pages and the double opt-in landing page show the merchant's texts,
// escaped, while a company that never edited sees the built-in page unchanged.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { sentEmail } from '../helpers/unsubscribe-fixtures'
import * as consentRoute from '@/app/ajax/growth/consent-pages/route'
import * as hostedRoute from '@/app/ajax/growth/hosted-pages/route'
import * as installRoute from '@/app/ajax/growth/onsite-install/route'
import * as onsiteRoute from '@/app/ajax/growth/onsite-settings/route'
import * as embedRoute from '@/app/ajax/growth/list-embed/[listId]/route'
import * as listFormsRoute from '@/app/ajax/growth/list-forms/[listId]/route'
import * as unsubscribeRoute from '@/app/unsubscribe/route'
import * as listPagesRoute from '@/app/list/[listId]/email/pages/route'
import { preferencesUrl, unsubscribeUrl } from '@/lib/messaging/unsubscribe-link'
import { resolveConsentPage } from '@/lib/hosted-pages/consent-page-store'

const APP = 'https://app.example.test'
beforeAll(() => {
  process.env.APP_URL = APP
  delete process.env.SMTP_URL
})

async function tenant(name?: string) {
  const co = await makeCompany(name)
  const user = await makeUser({ companyId: co.id })
  const cookie = await signIn(user.id, co.id)
  const list = await db.group.create({
    data: { id: 'L' + Math.random().toString(36).slice(2, 8).toUpperCase(), companyId: co.id, name: 'Newsletter' },
  })
  return { co, cookie, list }
}
const empty = {
  headline: '',
  body: '',
  buttonText: '',
  backgroundColor: '',
  buttonColor: '',
  textColor: '',
  showLogo: true,
}
const putPage = (cookie: string, b: unknown) =>
  consentRoute.PUT(ajaxRequest('/ajax/growth/consent-pages', { method: 'PUT', cookie, body: b }))

test("consent pages: saved per scope and kind, validated, another company's list refused", async () => {
  const a = await tenant()
  const b = await tenant()
  let res = await putPage(a.cookie, { scope: 'default', kind: 'nope', content: empty })
  expect(res.status).toBe(400)
  res = await putPage(a.cookie, {
    scope: 'default',
    kind: 'unsubscribe',
    content: { ...empty, buttonColor: 'javascript:alert(1)' },
  })
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors['content.buttonColor']).toBeDefined()
  res = await putPage(a.cookie, { scope: b.list.id, kind: 'unsubscribe', content: empty })
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.scope).toBeDefined()
  res = await putPage(a.cookie, { scope: a.list.id, kind: 'unsubscribed', content: { ...empty, headline: 'See you' } })
  expect(res.status).toBe(200)
  const got = await (
    await consentRoute.GET(ajaxRequest(`/ajax/growth/consent-pages?scope=${a.list.id}`, { cookie: a.cookie }))
  ).json()
  expect(got.pages.unsubscribed.headline).toBe('See you')
  expect(got.pages.subscribe.headline).toBe('')
  expect(
    (await consentRoute.GET(ajaxRequest(`/ajax/growth/consent-pages?scope=${a.list.id}`, { cookie: b.cookie }))).status,
  ).toBe(400)
})

test("the existing unsubscribe page shows the merchant's consent page texts, escaped; without edits it is unchanged", async () => {
  const a = await tenant('Acme')
  const { send } = await sentEmail(a.co.id, 'ann@x.test')
  const before = await (await unsubscribeRoute.GET(new Request(unsubscribeUrl(send.id)))).text()
  expect(before).toContain('Unsubscribe from Acme emails?')

  await putPage(a.cookie, {
    scope: 'default',
    kind: 'unsubscribe',
    content: {
      ...empty,
      headline: '<script>alert("x")</script> Leaving?',
      buttonText: 'Yes, stop',
      buttonColor: '#aa0000',
      showLogo: false,
    },
  })
  const html = await (await unsubscribeRoute.GET(new Request(unsubscribeUrl(send.id)))).text()
  expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Leaving?')
  expect(html).not.toContain('<script>alert')
  expect(html).toContain('Yes, stop</button>')
  expect(html).toContain('button{background:#aa0000')
  expect(html).not.toContain('class="brand"')
  expect(html).toContain('ann@x.test') // the untouched body keeps its built-in text

  // Another company's page is not affected.
  const b = await tenant('Bravo')
  const other = await sentEmail(b.co.id, 'bo@x.test')
  expect(await (await unsubscribeRoute.GET(new Request(unsubscribeUrl(other.send.id)))).text()).toContain(
    'Unsubscribe from Bravo emails?',
  )
})

test("a list's own preference page wins over the company default on /list/{id}/email/pages", async () => {
  const a = await tenant()
  const { send } = await sentEmail(a.co.id, 'cy@x.test')
  await putPage(a.cookie, {
    scope: 'default',
    kind: 'manage_preferences',
    content: { ...empty, headline: 'Company prefs', buttonText: 'Save it' },
  })
  await putPage(a.cookie, {
    scope: a.list.id,
    kind: 'manage_preferences',
    content: { ...empty, headline: 'Newsletter prefs' },
  })
  const url = preferencesUrl(send.id).replace('/email/pages/manage_preferences', `/list/${a.list.id}/email/pages`)
  const html = await (await listPagesRoute.GET(new Request(url), params({ listId: a.list.id }))).text()
  expect(html).toContain('<h1>Newsletter prefs</h1>')
  expect(html).toContain('Save it</button>')
})

test("the double opt-in landing page's texts: the list's page over the company default, field by field", async () => {
  const a = await tenant()
  await putPage(a.cookie, {
    scope: 'default',
    kind: 'confirm_subscription',
    content: { ...empty, headline: '<b>Welcome</b>', body: 'Company body' },
  })
  await putPage(a.cookie, { scope: a.list.id, kind: 'confirm_subscription', content: { ...empty, body: 'List body' } })
  expect(await resolveConsentPage(a.co.id, 'confirm_subscription', a.list.id)).toMatchObject({
    headline: '<b>Welcome</b>',
    body: 'List body',
  })
  const b = await tenant()
  expect(await resolveConsentPage(b.co.id, 'confirm_subscription', a.list.id)).toMatchObject({ headline: '', body: '' })
})

test('hosted pages settings: defaults, validation, saved per company', async () => {
  const a = await tenant()
  const b = await tenant()
  const got = await (await hostedRoute.GET(ajaxRequest('/ajax/growth/hosted-pages', { cookie: a.cookie }))).json()
  expect(got.settings).toEqual({
    brandColor: '#1b1f24',
    backgroundColor: '#f4f5f7',
    textColor: '#1b1f24',
    font: 'system',
    buttonStyle: 'rounded',
    logoPlacement: 'left',
  })
  const put = (cookie: string, body: unknown) =>
    hostedRoute.PUT(ajaxRequest('/ajax/growth/hosted-pages', { method: 'PUT', cookie, body }))
  const bad = await put(a.cookie, { ...got.settings, font: 'comic', brandColor: 'blue' })
  expect(bad.status).toBe(400)
  expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual(['brandColor', 'font'])
  expect((await put(a.cookie, { ...got.settings, brandColor: '#ff0066', logoPlacement: 'center' })).status).toBe(200)
  expect(
    (await (await hostedRoute.GET(ajaxRequest('/ajax/growth/hosted-pages', { cookie: a.cookie }))).json()).settings
      .brandColor,
  ).toBe('#ff0066')
  expect(
    (await (await hostedRoute.GET(ajaxRequest('/ajax/growth/hosted-pages', { cookie: b.cookie }))).json()).settings
      .brandColor,
  ).toBe('#1b1f24')
})

test('the install check shows where the script pinged from, only for its own company; switches save', async () => {
  const a = await tenant()
  const b = await tenant()
  const check = async (cookie: string) =>
    (await installRoute.GET(ajaxRequest('/ajax/growth/onsite-install', { cookie }))).json()
  const none = await check(a.cookie)
  expect(none.installed).toBe(false)
  expect(none.snippet).toBe(
    `<script async type="text/javascript" src="${APP}/onsite/js/klaviyo.js?company_id=${a.co.publicApiKey}"></script>`,
  )
  await db.onsiteInstall.create({
    data: {
      companyId: a.co.id,
      origin: 'https://shop.example.test',
      pings: 3,
      lastSeenAt: new Date('2026-11-01T10:00:00Z'),
    },
  })
  const seen = await check(a.cookie)
  expect(seen.installed).toBe(true)
  expect(seen.installs).toEqual([
    {
      origin: 'https://shop.example.test',
      firstSeenAt: expect.any(String),
      lastSeenAt: '2026-11-01T10:00:00.000Z',
      pings: 3,
    },
  ])
  expect((await check(b.cookie)).installed).toBe(false)

  const put = (body: unknown) =>
    onsiteRoute.PUT(ajaxRequest('/ajax/growth/onsite-settings', { method: 'PUT', cookie: a.cookie, body }))
  expect((await put({ trackingEnabled: 'yes' })).status).toBe(400)
  expect((await put({ trackingEnabled: true, requireConsent: true, formsEnabled: false })).status).toBe(200)
  expect(await db.onsiteSettings.findUnique({ where: { companyId: a.co.id } })).toMatchObject({
    requireConsent: true,
    formsEnabled: false,
  })
})

test("list embed: script tag, a subscribe link made on demand for the HTML form; another company's list is a 404", async () => {
  const a = await tenant()
  const b = await tenant()
  const get = (cookie: string, id: string) =>
    embedRoute.GET(ajaxRequest(`/ajax/growth/list-embed/${id}`, { cookie }), params({ listId: id }))
  const first = await (await get(a.cookie, a.list.id)).json()
  expect(first.link).toBeNull()
  expect(first.scriptTag).toContain(`company_id=${a.co.publicApiKey}`)
  const made = await embedRoute.POST(
    ajaxRequest(`/ajax/growth/list-embed/${a.list.id}`, { method: 'POST', cookie: a.cookie }),
    params({ listId: a.list.id }),
  )
  const embed = await made.json()
  expect(embed.formSnippet).toContain(`action="${APP}/subscribe/${embed.link.slug}"`)
  await embedRoute.POST(
    ajaxRequest(`/ajax/growth/list-embed/${a.list.id}`, { method: 'POST', cookie: a.cookie }),
    params({ listId: a.list.id }),
  )
  expect(await db.subscribeLink.count({ where: { companyId: a.co.id } })).toBe(1) // on demand, once
  expect((await get(b.cookie, a.list.id)).status).toBe(404)
  expect(
    (
      await embedRoute.POST(
        ajaxRequest(`/ajax/growth/list-embed/${a.list.id}`, { method: 'POST', cookie: b.cookie }),
        params({ listId: a.list.id }),
      )
    ).status,
  ).toBe(404)

  await db.form.create({ data: { id: 'FRM001', companyId: a.co.id, name: 'Popup', listId: a.list.id, status: 'live' } })
  const forms = await (
    await listFormsRoute.GET(
      ajaxRequest(`/ajax/growth/list-forms/${a.list.id}`, { cookie: a.cookie }),
      params({ listId: a.list.id }),
    )
  ).json()
  expect(forms.forms).toEqual([expect.objectContaining({ id: 'FRM001', name: 'Popup', status: 'live' })])
  expect(
    (
      await listFormsRoute.GET(
        ajaxRequest(`/ajax/growth/list-forms/${a.list.id}`, { cookie: b.cookie }),
        params({ listId: a.list.id }),
      )
    ).status,
  ).toBe(404)
})
