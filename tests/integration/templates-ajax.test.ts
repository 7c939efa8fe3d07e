/** @jest-environment node */
// /ajax/email-templates (lib/templates/store/ajax-contract.md) through the real route handlers
// with real sessions: list, create (blank, layout, import by paste, file and zip), save with
// line/column errors, clone, rename, delete, preview for a profile and one of its events, send a
// preview through the send pipeline to a real SMTP server (and the outbox without one),
// permissions and company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { db } from '@/lib/db/client'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { CSRF, ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { CSRF_COOKIE } from '@/lib/auth/config'
import * as list from '@/app/ajax/email-templates/route'
import * as layouts from '@/app/ajax/email-templates/layouts/route'
import * as one from '@/app/ajax/email-templates/[id]/route'
import * as cloneRoute from '@/app/ajax/email-templates/[id]/clone/route'
import * as renameRoute from '@/app/ajax/email-templates/[id]/rename/route'
import * as htmlRoute from '@/app/ajax/email-templates/[id]/html/route'
import * as previewRoute from '@/app/ajax/email-templates/[id]/preview/route'
import * as previewProfiles from '@/app/ajax/email-templates/[id]/preview-profiles/route'
import * as previewEvents from '@/app/ajax/email-templates/[id]/preview-events/route'
import * as sendPreview from '@/app/ajax/email-templates/[id]/send-preview/route'
import * as plainText from '@/app/ajax/email-templates/[id]/plain-text/route'
import * as universal from '@/app/ajax/email-templates/universal-content/route'
import * as images from '@/app/ajax/email-templates/images/route'
import * as branding from '@/app/ajax/email-templates/branding/route'
import { createUniversalContent } from '@/lib/templates/store/universal-content'
import { GIF_2x3, PNG_1x1, storedZip, type Json } from './templates-routes'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-ajax-'))
let A: number
let B: number
let ownerA: string
let ownerB: string
let analystA: string

beforeAll(async () => {
  process.env.DATA_DIR = DATA
  process.env.APP_URL = 'https://app.example.test'
  delete process.env.SMTP_URL
  A = (await makeCompany('Shop A')).id
  B = (await makeCompany('Shop B')).id
  const ua = await makeUser({ companyId: A })
  ownerA = await signIn(ua.id, A)
  const ub = await makeUser({ companyId: B })
  ownerB = await signIn(ub.id, B)
  const an = await makeUser({ companyId: A, role: 'analyst' })
  analystA = await signIn(an.id, A)
})
afterAll(() => {
  closeSmtpTransports()
  fs.rmSync(DATA, { recursive: true, force: true })
})

async function json(res: Response | Promise<Response>) {
  const r = await res
  const text = await r.text()
  let body: Json = null
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: r.status, body, headers: r.headers }
}

const req = (p: string, init: { method?: string; cookie?: string; body?: unknown } = {}) => ajaxRequest(p, init)

function multipart(p: string, cookie: string, form: FormData): Promise<Request> {
  const r = new Request(new URL(p, 'http://localhost:3000'), { method: 'POST', body: form })
  return r.arrayBuffer().then(
    (buf) =>
      new Request(r.url, {
        method: 'POST',
        body: buf,
        headers: { cookie, 'x-csrftoken': CSRF, 'content-type': r.headers.get('content-type')! },
      }),
  )
}

async function createCode(cookie: string, name: string, html: string) {
  const r = await json(
    list.POST(
      req('/ajax/email-templates', {
        method: 'POST',
        cookie,
        body: { mode: 'import', name, html_method: 'paste', html_input: html },
      }),
    ),
  )
  expect(r.status).toBe(201)
  return r.body.template as Json
}

test('list: search, editor type, sort and pages', async () => {
  const { id: cid } = await makeCompany('Lister')
  const cookie = await signIn((await makeUser({ companyId: cid })).id, cid)
  for (const n of ['Spring sale', 'Summer sale', 'Welcome']) await createCode(cookie, n, '<p>x</p>')
  const blank = await json(
    list.POST(req('/ajax/email-templates', { method: 'POST', cookie, body: { mode: 'blank', name: 'Dragged' } })),
  )
  expect(blank.status).toBe(201)
  expect(blank.body.template).toMatchObject({ name: 'Dragged', editorType: 'SYSTEM_DRAGGABLE' })
  expect(blank.body.template.definition.body.length).toBeGreaterThan(0)

  const all = await json(list.GET(req('/ajax/email-templates?sort=name', { cookie })))
  expect(all.body).toMatchObject({ total: 4, page: 1, pageSize: 25 })
  expect(all.body.templates.map((t: Json) => t.name)).toEqual(['Dragged', 'Spring sale', 'Summer sale', 'Welcome'])
  expect(Object.keys(all.body.templates[0]).sort()).toEqual([
    'created',
    'editorType',
    'id',
    'isTransactional',
    'name',
    'updated',
  ])
  const sale = await json(list.GET(req('/ajax/email-templates?search=SALE&sort=-name', { cookie })))
  expect(sale.body.templates.map((t: Json) => t.name)).toEqual(['Summer sale', 'Spring sale'])
  const code = await json(list.GET(req('/ajax/email-templates?editor_type=CODE', { cookie })))
  expect(code.body.total).toBe(3)
  const p2 = await json(list.GET(req('/ajax/email-templates?sort=name&page=2&page_size=3', { cookie })))
  expect(p2.body.templates.map((t: Json) => t.name)).toEqual(['Welcome'])
  expect((await json(list.GET(req('/ajax/email-templates?editor_type=HTML', { cookie })))).status).toBe(400)
})

test('create from a layout; the layouts and branding calls', async () => {
  const ls = await json(layouts.GET(req('/ajax/email-templates/layouts', { cookie: ownerA })))
  expect(ls.body.layouts.map((l: Json) => l.id)).toEqual(
    expect.arrayContaining(['blank', 'announcement', 'newsletter', 'abandoned-cart', 'plain-html']),
  )
  for (const l of ls.body.layouts) {
    const r = await json(
      list.POST(
        req('/ajax/email-templates', {
          method: 'POST',
          cookie: ownerA,
          body: { mode: 'layout', layout: l.id, name: `From ${l.id}`, is_transactional: l.id === 'plain-html' },
        }),
      ),
    )
    expect(r.status).toBe(201)
    expect(r.body.template).toMatchObject({
      name: `From ${l.id}`,
      editorType: l.editorType,
      isTransactional: l.id === 'plain-html',
    })
    expect(r.body.template.compiledHtml).toContain('unsubscribe')
    if (l.id === 'abandoned-cart') expect(r.body.template.usesEvent).toBe(true)
  }
  const bad = await json(
    list.POST(
      req('/ajax/email-templates', {
        method: 'POST',
        cookie: ownerA,
        body: { mode: 'layout', layout: 'nope', name: 'x' },
      }),
    ),
  )
  expect(bad.status).toBe(400)
  expect(bad.body.fieldErrors.layout).toBeDefined()
  const br = await json(branding.GET(req('/ajax/email-templates/branding', { cookie: ownerA })))
  expect(br.body.organization.name).toBe('Shop A')
  expect(br.body.styles.contentWidth).toBe(600)
})

test('import: html_file upload and a related_zip whose images become our own URLs', async () => {
  const fileForm = new FormData()
  fileForm.set('mode', 'import')
  fileForm.set('name', 'From file')
  fileForm.set('html_method', 'upload')
  fileForm.set('is_transactional', 'true')
  fileForm.set(
    'html_file',
    new Blob(['<html><body><p>Hello {{ first_name }}</p></body></html>'], { type: 'text/html' }),
    'email.html',
  )
  const f = await json(list.POST(await multipart('/ajax/email-templates', ownerA, fileForm)))
  expect(f.status).toBe(201)
  expect(f.body.template).toMatchObject({ name: 'From file', editorType: 'CODE', isTransactional: true })
  expect(f.body.template.html).toContain('Hello {{ first_name }}')

  const html =
    '<html><body><img src="images/logo.png" alt="logo"><div style="background:url(\'images/bg.gif\')">x</div><p>{{ first_name }}</p></body></html>'
  const zip = storedZip([
    { name: 'newsletter/index.html', data: Buffer.from(html) },
    { name: 'newsletter/images/logo.png', data: PNG_1x1 },
    { name: 'newsletter/images/bg.gif', data: GIF_2x3 },
    { name: 'newsletter/readme.txt', data: Buffer.from('ignored') },
  ])
  const zipForm = new FormData()
  zipForm.set('mode', 'import')
  zipForm.set('name', 'From zip')
  zipForm.set('html_method', 'zip')
  zipForm.set('related_zip', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'newsletter.zip')
  const z = await json(list.POST(await multipart('/ajax/email-templates', ownerA, zipForm)))
  expect(z.status).toBe(201)
  expect(z.body.images).toHaveLength(2)
  const logo = z.body.images.find((i: Json) => i.name === 'logo.png')
  expect(logo.url).toMatch(/^https:\/\/app\.example\.test\/media\/images\/\w+\/logo\.png$/)
  expect(z.body.template.html).toContain(`src="${logo.url}"`)
  expect(z.body.template.html).not.toContain('images/bg.gif')
  const imgRow = await db.image.findFirstOrThrow({ where: { id: logo.id } })
  expect(imgRow.companyId).toBe(A)

  // a zip whose HTML does not compile keeps nothing
  const before = await db.image.count({ where: { companyId: A } })
  const badZip = storedZip([
    { name: 'index.html', data: Buffer.from('<img src="a.png">{% if %}') },
    { name: 'a.png', data: PNG_1x1 },
  ])
  const badForm = new FormData()
  badForm.set('mode', 'import')
  badForm.set('name', 'Bad zip')
  badForm.set('html_method', 'zip')
  badForm.set('related_zip', new Blob([new Uint8Array(badZip)]), 'bad.zip')
  const bad = await json(list.POST(await multipart('/ajax/email-templates', ownerA, badForm)))
  expect(bad.status).toBe(400)
  expect(bad.body.error).toBe('template_invalid')
  expect(bad.body.issues[0]).toMatchObject({ line: 1 })
  expect(await db.image.count({ where: { companyId: A } })).toBe(before)

  const notZip = new FormData()
  notZip.set('mode', 'import')
  notZip.set('name', 'x')
  notZip.set('html_method', 'zip')
  notZip.set('related_zip', new Blob(['plain text']), 'x.zip')
  const nz = await json(list.POST(await multipart('/ajax/email-templates', ownerA, notZip)))
  expect(nz.status).toBe(400)
  expect(nz.body.fieldErrors.related_zip[0]).toMatch(/not a zip/)
  const noName = await json(
    list.POST(
      req('/ajax/email-templates', {
        method: 'POST',
        cookie: ownerA,
        body: { mode: 'import', name: '', html_method: 'paste', html_input: '<p/>' },
      }),
    ),
  )
  expect(noName.status).toBe(400)
})

test('save: line and column on a syntax error, nothing written; rename, clone, html, plain text, delete', async () => {
  const t = await createCode(ownerA, 'Editable', '<p>Hi {{ first_name }}</p>')
  const bad = await json(
    one.PUT(
      req(`/ajax/email-templates/${t.id}`, {
        method: 'PUT',
        cookie: ownerA,
        body: { html: '<p>one</p>\n<p>{% for x in items %}{{ x }}</p>' },
      }),
      params({ id: t.id }),
    ),
  )
  expect(bad.status).toBe(400)
  expect(bad.body.error).toBe('template_invalid')
  expect(bad.body.issues[0]).toMatchObject({ line: 2 })
  expect(bad.body.issues[0].column).toBeGreaterThan(0)
  expect(bad.body.fieldErrors.html[0]).toMatch(/\(line 2, column \d+\)$/)
  const huge = await json(
    one.PUT(
      req(`/ajax/email-templates/${t.id}`, {
        method: 'PUT',
        cookie: ownerA,
        body: { html: 'x'.repeat(1024 * 1024 + 1) },
      }),
      params({ id: t.id }),
    ),
  )
  expect(huge.status).toBe(400)
  expect(huge.body.message).toMatch(/limit is 1 MB/)
  const still = await json(one.GET(req(`/ajax/email-templates/${t.id}`, { cookie: ownerA }), params({ id: t.id })))
  expect(still.body.template.html).toBe('<p>Hi {{ first_name }}</p>')

  const ok = await json(
    one.PUT(
      req(`/ajax/email-templates/${t.id}`, {
        method: 'PUT',
        cookie: ownerA,
        body: { html: '<p>Bye {{ first_name }}</p>', text: 'Bye {{ first_name }}', is_transactional: true },
      }),
      params({ id: t.id }),
    ),
  )
  expect(ok.status).toBe(200)
  expect(ok.body.template).toMatchObject({
    html: '<p>Bye {{ first_name }}</p>',
    text: 'Bye {{ first_name }}',
    compiledText: 'Bye {{ first_name }}',
    isTransactional: true,
  })

  const rn = await json(
    renameRoute.POST(
      req(`/ajax/email-templates/${t.id}/rename`, { method: 'POST', cookie: ownerA, body: { name: 'Renamed' } }),
      params({ id: t.id }),
    ),
  )
  expect(rn.body.template.name).toBe('Renamed')
  expect(
    (
      await json(
        renameRoute.POST(
          req(`/ajax/email-templates/${t.id}/rename`, { method: 'POST', cookie: ownerA, body: { name: ' ' } }),
          params({ id: t.id }),
        ),
      )
    ).status,
  ).toBe(400)
  const cl = await json(
    cloneRoute.POST(
      req(`/ajax/email-templates/${t.id}/clone`, { method: 'POST', cookie: ownerA, body: {} }),
      params({ id: t.id }),
    ),
  )
  expect(cl.status).toBe(201)
  expect(cl.body.template).toMatchObject({ name: 'Copy of Renamed', html: '<p>Bye {{ first_name }}</p>' })

  const h = await htmlRoute.GET(req(`/ajax/email-templates/${t.id}/html`, { cookie: ownerA }), params({ id: t.id }))
  expect(h.headers.get('content-type')).toMatch(/^text\/html/)
  expect(await h.text()).toContain('Bye {{ first_name }}')
  const pt = await json(
    plainText.POST(
      req(`/ajax/email-templates/${t.id}/plain-text`, {
        method: 'POST',
        cookie: ownerA,
        body: { html: '<h1>Title</h1><p>Body <a href="https://x.test">link</a></p>' },
      }),
      params({ id: t.id }),
    ),
  )
  expect(pt.body.text).toMatch(/Title/)
  expect(pt.body.text).toMatch(/https:\/\/x\.test/)

  const del = await json(
    one.DELETE(req(`/ajax/email-templates/${t.id}`, { method: 'DELETE', cookie: ownerA }), params({ id: t.id })),
  )
  expect(del.body).toEqual({ deleted: true })
  expect(
    (await json(one.GET(req(`/ajax/email-templates/${t.id}`, { cookie: ownerA }), params({ id: t.id })))).status,
  ).toBe(404)
})

test('preview: a chosen profile and one of its real events; a sample profile by default; unsaved content', async () => {
  const t = await createCode(
    ownerA,
    'Cart',
    '<p>Hi {{ first_name|default:"friend" }}, you left {{ event.Items.0.ProductName }} ({{ event.extra.Total }}).</p>',
  )
  expect(t.usesEvent).toBe(true)
  const ada = (await upsertProfile(A, { email: 'ada@a.test', firstName: 'Ada' }, { mode: 'import' })).profile
  const metric = await db.metric.create({ data: { id: 'MtCart', companyId: A, name: 'Started Checkout' } })
  await db.event.create({
    data: {
      companyId: A,
      profileId: ada.id,
      metricId: metric.id,
      ts: 1_763_000_000,
      properties: JSON.stringify({ Items: [{ ProductName: 'Old hat' }], extra: { Total: 5 } }),
    },
  })
  const latest = await db.event.create({
    data: {
      companyId: A,
      profileId: ada.id,
      metricId: metric.id,
      ts: 1_763_100_000,
      properties: JSON.stringify({ Items: [{ ProductName: 'Red scarf' }], extra: { Total: 12 } }),
    },
  })

  // a later page view without Items: the preview still picks the checkout, which has what the template reads
  const viewed = await db.metric.create({ data: { id: 'MtView', companyId: A, name: 'Viewed Product' } })
  await db.event.create({
    data: {
      companyId: A,
      profileId: ada.id,
      metricId: viewed.id,
      ts: 1_763_200_000,
      properties: JSON.stringify({ Name: 'Socks' }),
    },
  })
  const r = await json(
    previewRoute.POST(
      req(`/ajax/email-templates/${t.id}/preview`, {
        method: 'POST',
        cookie: ownerA,
        body: { profile_id: ada.id, subject: 'For {{ first_name }}' },
      }),
      params({ id: t.id }),
    ),
  )
  expect(r.status).toBe(200)
  expect(r.body.html).toContain('Hi Ada, you left Red scarf (12).')
  expect(r.body.text).toContain('Hi Ada, you left Red scarf (12).')
  expect(r.body.subject).toBe('For Ada')
  expect(r.body.profile).toMatchObject({ id: ada.id, email: 'ada@a.test', sample: false })
  expect(r.body.event).toMatchObject({ id: latest.id, metric: 'Started Checkout' })

  const events = await json(
    previewEvents.GET(
      req(`/ajax/email-templates/${t.id}/preview-events?profile_id=${ada.id}`, { cookie: ownerA }),
      params({ id: t.id }),
    ),
  )
  expect(events.body.events.map((e: Json) => e.metric)).toEqual([
    'Viewed Product',
    'Started Checkout',
    'Started Checkout',
  ])
  const older = events.body.events[2]
  const r2 = await json(
    previewRoute.POST(
      req(`/ajax/email-templates/${t.id}/preview`, {
        method: 'POST',
        cookie: ownerA,
        body: { profile_id: ada.id, event_id: older.id },
      }),
      params({ id: t.id }),
    ),
  )
  expect(r2.body.html).toContain('you left Old hat (5)')
  const profiles = await json(
    previewProfiles.GET(
      req(`/ajax/email-templates/${t.id}/preview-profiles?search=ada`, { cookie: ownerA }),
      params({ id: t.id }),
    ),
  )
  expect(profiles.body.profiles.map((p: Json) => p.id)).toContain(ada.id)

  // unsaved editor content, and the sample profile when the company has none to offer
  const { id: empty } = await makeCompany('Empty')
  const cookie = await signIn((await makeUser({ companyId: empty })).id, empty)
  const t2 = await createCode(cookie, 'Draft', '<p>saved</p>')
  const s = await json(
    previewRoute.POST(
      req(`/ajax/email-templates/${t2.id}/preview`, {
        method: 'POST',
        cookie,
        body: { html: '<p>draft for {{ first_name }} {{ person.last_name }}</p>' },
      }),
      params({ id: t2.id }),
    ),
  )
  expect(s.body.html).toContain('draft for Jane Sample')
  expect(s.body.profile).toMatchObject({ id: null, sample: true })
  const sBad = await json(
    previewRoute.POST(
      req(`/ajax/email-templates/${t2.id}/preview`, { method: 'POST', cookie, body: { html: '{% if %}' } }),
      params({ id: t2.id }),
    ),
  )
  expect(sBad.status).toBe(400)
  expect(sBad.body.issues[0].line).toBe(1)
  // another company's profile cannot be used
  const foreign = await json(
    previewRoute.POST(
      req(`/ajax/email-templates/${t2.id}/preview`, { method: 'POST', cookie, body: { profile_id: ada.id } }),
      params({ id: t2.id }),
    ),
  )
  expect(foreign.status).toBe(404)
})

test('send-preview goes through the send pipeline to a real SMTP server (and the outbox without one)', async () => {
  const mails: Array<{ to: string[]; raw: string }> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        cb()
      })
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  try {
    closeSmtpTransports()
    process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
    const t = await createCode(ownerA, 'Newsletter', '<p>Dear {{ first_name }}, news for {{ person.email }}.</p>')
    const grace = (await upsertProfile(A, { email: 'grace@a.test', firstName: 'Grace' }, { mode: 'import' })).profile
    const r = await json(
      sendPreview.POST(
        req(`/ajax/email-templates/${t.id}/send-preview`, {
          method: 'POST',
          cookie: ownerA,
          body: { email: 'Designer@Agency.test', profile_id: grace.id, subject: 'Preview for {{ first_name }}' },
        }),
        params({ id: t.id }),
      ),
    )
    expect(r.status).toBe(202)
    expect(r.body).toMatchObject({ status: 'queued', to: 'designer@agency.test' })
    const send = await db.send.findFirstOrThrow({ where: { id: r.body.sendId } })
    expect(send).toMatchObject({ companyId: A, channel: 'email', sourceType: 'preview', transactional: true })
    await runJobsUntilIdle()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toEqual(['designer@agency.test'])
    const raw = mails[0]!.raw.replace(/=\r?\n/g, '')
    expect(raw).toMatch(/Subject: Preview for Grace/)
    expect(raw).toContain('Dear Grace, news for grace@a.test.')
    expect((await db.send.findFirstOrThrow({ where: { id: r.body.sendId } })).status).toBe('sent')
    // The Send is Grace's (her data, her key); no profile is made for the typed address, and a
    // preview is not a Received Email on anyone's timeline.
    expect(send.profileId).toBe(grace.id)
    expect(await db.profile.count({ where: { companyId: A, email: 'designer@agency.test' } })).toBe(0)
    expect(await db.event.count({ where: { companyId: A, metric: { name: 'Received Email' } } })).toBe(0)
    // Grace's own suppression does not stop a member's preview to another address.
    await db.suppression.create({ data: { companyId: A, profileId: grace.id, channel: 'email', reason: 'bounced' } })
    const suppressed = await json(
      sendPreview.POST(
        req(`/ajax/email-templates/${t.id}/send-preview`, {
          method: 'POST',
          cookie: ownerA,
          body: { email: 'designer@agency.test', profile_id: grace.id },
        }),
        params({ id: t.id }),
      ),
    )
    await runJobsUntilIdle()
    expect((await db.send.findFirstOrThrow({ where: { id: suppressed.body.sendId } })).status).toBe('sent')
    expect(mails).toHaveLength(2)
    mails.pop()
    // a second click is a new preview, not a duplicate that is dropped
    const again = await json(
      sendPreview.POST(
        req(`/ajax/email-templates/${t.id}/send-preview`, {
          method: 'POST',
          cookie: ownerA,
          body: { email: 'designer@agency.test' },
        }),
        params({ id: t.id }),
      ),
    )
    expect(again.body.sendId).not.toBe(r.body.sendId)
    await runJobsUntilIdle()
    expect(mails).toHaveLength(2)

    const bad = await json(
      sendPreview.POST(
        req(`/ajax/email-templates/${t.id}/send-preview`, {
          method: 'POST',
          cookie: ownerA,
          body: { email: 'not an address' },
        }),
        params({ id: t.id }),
      ),
    )
    expect(bad.status).toBe(400)
    expect(bad.body.fieldErrors.email).toBeDefined()

    // without SMTP the preview is kept in the outbox
    delete process.env.SMTP_URL
    closeSmtpTransports()
    const o = await json(
      sendPreview.POST(
        req(`/ajax/email-templates/${t.id}/send-preview`, {
          method: 'POST',
          cookie: ownerA,
          body: { email: 'outbox@agency.test' },
        }),
        params({ id: t.id }),
      ),
    )
    await runJobsUntilIdle()
    const kept = await db.outboxMail.findFirst({ where: { sendId: o.body.sendId } })
    expect(kept).toMatchObject({ to: 'outbox@agency.test', companyId: A })
    expect(mails).toHaveLength(2)
  } finally {
    delete process.env.SMTP_URL
    closeSmtpTransports()
    await new Promise<void>((r) => server.close(() => r()))
  }
})

test('images and universal content for the editor', async () => {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(PNG_1x1)], { type: 'image/png' }), 'logo.png')
  const up = await json(images.POST(await multipart('/ajax/email-templates/images', ownerA, form)))
  expect(up.status).toBe(201)
  expect(up.body.image).toMatchObject({ name: 'logo.png', mime: 'image/png', width: 1, height: 1 })
  const fake = new FormData()
  fake.set('file', new Blob(['hello']), 'fake.png')
  const f = await json(images.POST(await multipart('/ajax/email-templates/images', ownerA, fake)))
  expect(f.status).toBe(400)
  expect(f.body.fieldErrors.file).toBeDefined()
  const ls = await json(images.GET(req('/ajax/email-templates/images', { cookie: ownerA })))
  expect(ls.body.images.map((i: Json) => i.id)).toContain(up.body.image.id)
  expect(
    (await json(images.GET(req('/ajax/email-templates/images', { cookie: ownerB })))).body.images.map(
      (i: Json) => i.id,
    ),
  ).not.toContain(up.body.image.id)

  await createUniversalContent(A, {
    name: 'Shared footer',
    definition: { content_type: 'block', type: 'html', data: { content: '<p>Footer</p>', display_options: {} } },
  })
  const uc = await json(universal.GET(req('/ajax/email-templates/universal-content?search=footer', { cookie: ownerA })))
  expect(uc.body.items.map((i: Json) => i.name)).toEqual(['Shared footer'])
  expect(uc.body.items[0]).toMatchObject({ type: 'html', html: '<p>Footer</p>' })
  expect(
    (await json(universal.GET(req('/ajax/email-templates/universal-content', { cookie: ownerB })))).body.items,
  ).toEqual([])
})

test('guards: session, CSRF, permissions, and company isolation', async () => {
  const t = await createCode(ownerA, 'Guarded', '<p>A only</p>')
  expect((await json(list.GET(req('/ajax/email-templates', { csrf: false } as never)))).status).toBe(401)
  const noCsrf = new Request('http://localhost:3000/ajax/email-templates', {
    method: 'POST',
    headers: { cookie: ownerA.replace(`${CSRF_COOKIE}=${CSRF}`, ''), 'content-type': 'application/json' },
    body: '{}',
  })
  expect((await json(list.POST(noCsrf))).status).toBe(403)
  // an analyst reads but cannot write
  expect((await json(list.GET(req('/ajax/email-templates', { cookie: analystA })))).status).toBe(200)
  expect(
    (
      await json(
        list.POST(
          req('/ajax/email-templates', { method: 'POST', cookie: analystA, body: { mode: 'blank', name: 'x' } }),
        ),
      )
    ).status,
  ).toBe(403)
  expect(
    (
      await json(
        one.DELETE(req(`/ajax/email-templates/${t.id}`, { method: 'DELETE', cookie: analystA }), params({ id: t.id })),
      )
    ).status,
  ).toBe(403)
  expect(
    (
      await json(
        sendPreview.POST(
          req(`/ajax/email-templates/${t.id}/send-preview`, {
            method: 'POST',
            cookie: analystA,
            body: { email: 'a@b.test' },
          }),
          params({ id: t.id }),
        ),
      )
    ).status,
  ).toBe(403)

  // company B sees nothing of A's template and cannot change it
  const p = params({ id: t.id })
  expect((await json(one.GET(req(`/ajax/email-templates/${t.id}`, { cookie: ownerB }), p))).status).toBe(404)
  expect(
    (
      await json(
        one.PUT(req(`/ajax/email-templates/${t.id}`, { method: 'PUT', cookie: ownerB, body: { name: 'stolen' } }), p),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await json(
        renameRoute.POST(
          req(`/ajax/email-templates/${t.id}/rename`, { method: 'POST', cookie: ownerB, body: { name: 'stolen' } }),
          p,
        ),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await json(
        cloneRoute.POST(req(`/ajax/email-templates/${t.id}/clone`, { method: 'POST', cookie: ownerB, body: {} }), p),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await json(
        previewRoute.POST(
          req(`/ajax/email-templates/${t.id}/preview`, { method: 'POST', cookie: ownerB, body: {} }),
          p,
        ),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await json(
        sendPreview.POST(
          req(`/ajax/email-templates/${t.id}/send-preview`, {
            method: 'POST',
            cookie: ownerB,
            body: { email: 'x@y.test' },
          }),
          p,
        ),
      )
    ).status,
  ).toBe(404)
  expect((await json(htmlRoute.GET(req(`/ajax/email-templates/${t.id}/html`, { cookie: ownerB }), p))).status).toBe(404)
  expect(
    (await json(one.DELETE(req(`/ajax/email-templates/${t.id}`, { method: 'DELETE', cookie: ownerB }), p))).status,
  ).toBe(404)
  expect(
    (await json(list.GET(req('/ajax/email-templates', { cookie: ownerB })))).body.templates.map((x: Json) => x.id),
  ).not.toContain(t.id)
  expect((await json(one.GET(req(`/ajax/email-templates/${t.id}`, { cookie: ownerA }), p))).body.template.name).toBe(
    'Guarded',
  )
})
