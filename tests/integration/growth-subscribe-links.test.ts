/** @jest-environment node */
// Subscribe links (issue 20 §3): the /ajax editor endpoints (validation 400s, company
// isolation) and the public /subscribe/{slug} page (plain form post, link as consent source,
// double opt-in, honeypot, signed form token, rate limit, disabled link 404): real route
// handlers, real Requests, a real database.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as linksRoute from '@/app/ajax/growth/subscribe-links/route'
import * as linkRoute from '@/app/ajax/growth/subscribe-links/[linkId]/route'
import * as publicRoute from '@/app/subscribe/[slug]/route'
import { SUBSCRIBE_LINK_DEFAULTS } from '@/lib/growth/subscribe-links/content'
import { signFormToken } from '@/lib/growth/subscribe-links/form-token'
import { resetRateLimits } from '@/lib/api/rate-limit'

const APP = 'https://app.example.test'
beforeAll(() => {
  process.env.APP_URL = APP
  delete process.env.SMTP_URL
})
beforeEach(() => resetRateLimits())

async function tenant(name?: string) {
  const co = await makeCompany(name)
  const user = await makeUser({ companyId: co.id })
  const cookie = await signIn(user.id, co.id)
  const list = await db.group.create({
    data: { id: 'L' + Math.random().toString(36).slice(2, 8).toUpperCase(), companyId: co.id, name: 'Newsletter' },
  })
  return { co, cookie, list }
}

const body = (listId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Spring signup',
  listId,
  content: { ...SUBSCRIBE_LINK_DEFAULTS },
  ...extra,
})
const create = (cookie: string, b: unknown) =>
  linksRoute.POST(ajaxRequest('/ajax/growth/subscribe-links', { method: 'POST', cookie, body: b }))

let ip = 0
function postPage(slug: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  // Each call its own visitor address unless a test says otherwise, so the rate limit is tested on purpose only.
  return publicRoute.POST(
    new Request(`${APP}/subscribe/${slug}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-client-ip': `10.0.0.${++ip % 250}`,
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    }),
    params({ slug }),
  )
}
const getPage = (slug: string) => publicRoute.GET(new Request(`${APP}/subscribe/${slug}`), params({ slug }))

test('create validates: missing name, a list of another company, a bad slug, a taken slug, SMS without consent text', async () => {
  const a = await tenant()
  const b = await tenant()
  let res = await create(a.cookie, body(a.list.id, { name: '' }))
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.name).toBeDefined()

  res = await create(a.cookie, body(b.list.id))
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.listId).toEqual(['Choose one of your lists.'])

  res = await create(a.cookie, body(a.list.id, { slug: 'Not OK!' }))
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.slug).toBeDefined()

  res = await create(
    a.cookie,
    body(a.list.id, { content: { ...SUBSCRIBE_LINK_DEFAULTS, collectPhone: true, buttonColor: 'red' } }),
  )
  expect(res.status).toBe(400)
  const fe = (await res.json()).fieldErrors
  expect(fe['content.buttonColor']).toBeDefined()
  expect(fe['content.smsConsentText']).toEqual(['SMS sign-ups need the consent text.'])

  res = await create(a.cookie, body(a.list.id, { slug: 'spring' }))
  expect(res.status).toBe(201)
  res = await create(b.cookie, body(b.list.id, { slug: 'spring' }))
  expect(res.status).toBe(400)
  expect((await res.json()).fieldErrors.slug).toEqual(['That address is taken. Choose another.'])
  expect(await db.subscribeLink.count({ where: { companyId: b.co.id } })).toBe(0)
})

test('edit saves, and another company can neither read nor change the link', async () => {
  const a = await tenant()
  const b = await tenant()
  const { link } = await (await create(a.cookie, body(a.list.id))).json()
  expect(link.slug).toBe('spring-signup')

  const other = await linkRoute.GET(
    ajaxRequest(`/ajax/growth/subscribe-links/${link.id}`, { cookie: b.cookie }),
    params({ linkId: link.id }),
  )
  expect(other.status).toBe(404)
  const put = (cookie: string, b2: unknown) =>
    linkRoute.PUT(
      ajaxRequest(`/ajax/growth/subscribe-links/${link.id}`, { method: 'PUT', cookie, body: b2 }),
      params({ linkId: link.id }),
    )
  expect((await put(b.cookie, body(b.list.id))).status).toBe(404)
  const bad = await put(a.cookie, body(a.list.id, { content: { ...SUBSCRIBE_LINK_DEFAULTS, headline: '' } }))
  expect(bad.status).toBe(400)
  expect((await bad.json()).fieldErrors['content.headline']).toBeDefined()

  const ok = await put(
    a.cookie,
    body(a.list.id, {
      name: 'Renamed',
      slug: 'renamed',
      status: 'disabled',
      content: { ...SUBSCRIBE_LINK_DEFAULTS, headline: 'Get 10% off' },
    }),
  )
  expect(ok.status).toBe(200)
  const saved = (await ok.json()).link
  expect(saved).toMatchObject({ name: 'Renamed', slug: 'renamed', status: 'disabled', url: `${APP}/subscribe/renamed` })
  expect(saved.content.headline).toBe('Get 10% off')

  const list = await (await linksRoute.GET(ajaxRequest('/ajax/growth/subscribe-links', { cookie: b.cookie }))).json()
  expect(list.links).toEqual([])
})

test('the public page subscribes through the /client path with the link as source, and the list counts the sign-up', async () => {
  const a = await tenant('Shop <b>bold</b>')
  const { link } = await (
    await create(
      a.cookie,
      body(a.list.id, {
        content: { ...SUBSCRIBE_LINK_DEFAULTS, headline: '<script>alert(1)</script>', collectFirstName: true },
      }),
    )
  ).json()
  const page = await getPage(link.slug)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  expect(html).not.toContain('<script>alert(1)')
  expect(html).toContain('Shop &lt;b&gt;bold&lt;/b&gt;')
  const token = /name="token" value="([^"]+)"/.exec(html)![1]!

  const res = await postPage(link.slug, { token, email: 'Ann@Example.test', first_name: 'Ann', website: '' })
  expect(res.status).toBe(200)
  expect(await res.text()).toContain(SUBSCRIBE_LINK_DEFAULTS.successHeadline)
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: a.co.id, email: 'ann@example.test' } })
  expect(profile.firstName).toBe('Ann')
  const consent = await db.profileConsent.findFirstOrThrow({
    where: { profileId: profile.id, channel: 'email_marketing' },
  })
  expect(consent).toMatchObject({ status: 'subscribed', source: 'Subscribe link: Spring signup' })
  expect(await db.groupMembership.count({ where: { groupId: a.list.id, profileId: profile.id, leftAt: null } })).toBe(1)

  const listed = await (await linksRoute.GET(ajaxRequest('/ajax/growth/subscribe-links', { cookie: a.cookie }))).json()
  expect(listed.links[0]).toMatchObject({
    id: link.id,
    signups: 1,
    listName: 'Newsletter',
    url: `${APP}/subscribe/${link.slug}`,
  })
})

test('a double opt-in list leaves the consent pending, mails the confirmation and says to check the inbox', async () => {
  const a = await tenant()
  await db.group.update({ where: { id: a.list.id }, data: { optInProcess: 'double_opt_in' } })
  const { link } = await (await create(a.cookie, body(a.list.id))).json()
  const res = await postPage(link.slug, { token: signFormToken(link.id), email: 'dbl@example.test' })
  expect(res.status).toBe(200)
  expect(await res.text()).toContain('Check your inbox')
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: a.co.id, email: 'dbl@example.test' } })
  expect(
    (await db.profileConsent.findFirstOrThrow({ where: { profileId: profile.id, channel: 'email_marketing' } })).status,
  ).toBe('pending')
  expect(await db.groupMembership.count({ where: { groupId: a.list.id } })).toBe(0)
  expect(await db.outboxMail.count({ where: { to: 'dbl@example.test' } })).toBe(1)
})

test('honeypot, missing or forged token, bad email: nothing is written', async () => {
  const a = await tenant()
  const { link } = await (await create(a.cookie, body(a.list.id))).json()
  const bot = await postPage(link.slug, {
    token: signFormToken(link.id),
    email: 'bot@example.test',
    website: 'http://spam.test',
  })
  expect(bot.status).toBe(200) // the bot is told it worked
  const noToken = await postPage(link.slug, { email: 'embed@example.test' })
  expect(noToken.status).toBe(200)
  const prefilled = await noToken.text()
  expect(prefilled).toContain('value="embed@example.test"') // the embed snippet's post: confirm on the page
  expect(prefilled).toMatch(/name="token" value="[^"]+"/)
  const forged = await postPage(link.slug, { token: signFormToken('other-link'), email: 'x@example.test' })
  expect(forged.status).toBe(403)
  const stale = await postPage(link.slug, {
    token: signFormToken(link.id, Date.now() - 3 * 3600_000),
    email: 'x@example.test',
  })
  expect(stale.status).toBe(403)
  const badEmail = await postPage(link.slug, { token: signFormToken(link.id), email: 'not-an-email' })
  expect(badEmail.status).toBe(400)
  expect(await badEmail.text()).toContain('aria-invalid="true"')
  expect(await db.profile.count({ where: { companyId: a.co.id } })).toBe(0)
})

test('one address is rate-limited with Retry-After', async () => {
  const a = await tenant()
  const { link } = await (await create(a.cookie, body(a.list.id))).json()
  const statuses: number[] = []
  for (let i = 0; i < 5; i++) {
    const r = await postPage(
      link.slug,
      { token: signFormToken(link.id), email: `r${i}@example.test` },
      { 'x-client-ip': '10.9.9.9' },
    )
    statuses.push(r.status)
    if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
  }
  expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
  expect(statuses).toContain(429)
})

test('a disabled link, an unknown slug and a link whose list is gone are 404', async () => {
  const a = await tenant()
  const { link } = await (await create(a.cookie, body(a.list.id, { status: 'disabled' }))).json()
  expect((await getPage(link.slug)).status).toBe(404)
  expect((await postPage(link.slug, { token: signFormToken(link.id), email: 'z@example.test' })).status).toBe(404)
  expect((await getPage('no-such-link')).status).toBe(404)
  const { link: l2 } = await (await create(a.cookie, body(a.list.id, { name: 'Second' }))).json()
  await db.group.update({ where: { id: a.list.id }, data: { deletedAt: new Date() } })
  expect((await getPage(l2.slug)).status).toBe(404)
  expect(await db.profile.count({ where: { companyId: a.co.id } })).toBe(0)
})

test('a multipart post works too; an oversized body is read no further and writes nothing', async () => {
  const a = await tenant()
  const { link } = await (await create(a.cookie, body(a.list.id))).json()
  const form = new FormData()
  form.set('token', signFormToken(link.id))
  form.set('email', 'multi@example.test')
  const multi = await publicRoute.POST(
    new Request(`${APP}/subscribe/${link.slug}`, {
      method: 'POST',
      headers: { 'x-client-ip': '10.7.7.7' },
      body: form,
    }),
    params({ slug: link.slug }),
  )
  expect(multi.status).toBe(200)
  expect(await db.profile.count({ where: { companyId: a.co.id, email: 'multi@example.test' } })).toBe(1)
  const huge = await postPage(link.slug, {
    token: signFormToken(link.id),
    email: 'big@example.test',
    pad: 'x'.repeat(40_000),
  })
  expect(huge.status).toBe(200) // no token could be read: the page comes back to confirm
  expect(await db.profile.count({ where: { companyId: a.co.id, email: 'big@example.test' } })).toBe(0)
})

test("the page wears the hosted-pages branding and the subscribe consent page's logo switch", async () => {
  const a = await tenant('Brandco')
  const { link } = await (await create(a.cookie, body(a.list.id))).json()
  expect(await (await getPage(link.slug)).text()).toContain('<div class="brand brand-left">')
  await db.onsiteSettings.create({
    data: {
      companyId: a.co.id,
      hostedPages: JSON.stringify({
        brandColor: '#ff0066',
        backgroundColor: '#000000',
        textColor: '#111111',
        font: 'serif',
        buttonStyle: 'pill',
        logoPlacement: 'center',
      }),
    },
  })
  let html = await (await getPage(link.slug)).text()
  expect(html).toContain('background:#000000')
  expect(html).toContain('Georgia')
  expect(html).toContain('border-radius:999px')
  expect(html).toContain('brand-center')
  await db.consentPage.create({
    data: { companyId: a.co.id, scope: a.list.id, kind: 'subscribe', content: JSON.stringify({ showLogo: false }) },
  })
  html = await (await getPage(link.slug)).text()
  expect(html).not.toContain('class="brand')
})

test('an analyst reads the links but cannot create or edit one', async () => {
  const a = await tenant()
  const analyst = await makeUser({ companyId: a.co.id, role: 'analyst' })
  const cookie = await signIn(analyst.id, a.co.id)
  expect((await linksRoute.GET(ajaxRequest('/ajax/growth/subscribe-links', { cookie }))).status).toBe(200)
  expect((await create(cookie, body(a.list.id))).status).toBe(403)
  expect(await db.subscribeLink.count({ where: { companyId: a.co.id } })).toBe(0)
})
