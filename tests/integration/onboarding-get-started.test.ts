/** @jest-environment node */
// Issue 26 §2: the get-started guides that do the work — the list of guides and the /onboarding
// checklist from the account's real rows, the welcome-series and abandoned-cart launches (live,
// once, a second click opens the same flow), list setup with its opt-in, segment-and-send (a
// real campaign made, edited and scheduled through lib/campaigns), autobranding from a real
// local website through the guarded fetcher, the SMS subscriber import's status; tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateSync } from 'node:zlib'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { GET as getStarted } from '@/app/ajax/onboarding/get-started/route'
import { GET as checklist } from '@/app/ajax/onboarding/checklist/route'
import { GET as getLaunch, POST as launch } from '@/app/ajax/onboarding/launch/[guide]/route'
import { POST as createList } from '@/app/ajax/onboarding/list-setup/route'
import { GET as getList, POST as setOptIn } from '@/app/ajax/onboarding/list-setup/[listId]/route'
import { POST as createCampaign } from '@/app/ajax/onboarding/segment-and-send/route'
import { GET as getCampaign, PUT as saveContent } from '@/app/ajax/onboarding/segment-and-send/[campaignId]/route'
import { POST as schedule } from '@/app/ajax/onboarding/segment-and-send/[campaignId]/schedule/route'
import { GET as byMessage } from '@/app/ajax/onboarding/segment-and-send/message/[messageId]/route'
import { POST as autobranding } from '@/app/ajax/onboarding/autobranding/route'
import { GET as smsStatus } from '@/app/ajax/onboarding/sms-subscribers/[platform]/route'
import { GET as smsFlows } from '@/app/ajax/onboarding/sms-flows/route'
import { POST as addSms } from '@/app/ajax/onboarding/sms-flows/[flowId]/route'
import { sanitizeRichText } from '@/lib/onboarding/segment-and-send'

type Handler = (r: Request, c?: unknown) => Promise<Response>
async function call(
  handler: unknown,
  path: string,
  cookie: string,
  opts: { body?: unknown; method?: string; p?: Record<string, string> } = {},
) {
  const res = await (handler as Handler)(
    ajaxRequest(path, { method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'), cookie, body: opts.body }),
    opts.p ? params(opts.p) : undefined,
  )
  return { status: res.status, json: await res.json() }
}

async function account(role = 'owner') {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role })
  return { company, user, cookie: await signIn(user.id, company.id) }
}

const guides = async (cookie: string) =>
  Object.fromEntries(
    (
      (await call(getStarted, '/ajax/onboarding/get-started', cookie)).json.guides as { id: string; done: boolean }[]
    ).map((g) => [g.id, g.done]),
  )

test('ws-flow/launch: the welcome series made from its template and live; a second click opens the same flow', async () => {
  const { company, cookie } = await account()
  expect((await guides(cookie)).wsFlow).toBe(false)
  const path = '/ajax/onboarding/launch/ws-flow'
  expect((await call(getLaunch, path, cookie, { p: { guide: 'ws-flow' } })).json).toEqual({ launch: null })
  const first = await call(launch, path, cookie, { body: {}, p: { guide: 'ws-flow' } })
  expect(first.status).toBe(200)
  expect(first.json).toMatchObject({ created: true, live: true, problem: null })
  const flow = await db.flow.findFirstOrThrow({ where: { companyId: company.id, id: first.json.flowId } })
  expect(flow.status).toBe(2)
  const again = await call(launch, path, cookie, { body: {}, p: { guide: 'ws-flow' } })
  expect(again.json).toMatchObject({ flowId: first.json.flowId, created: false, live: true })
  expect(await db.flow.count({ where: { companyId: company.id } })).toBe(1)
  expect((await guides(cookie)).wsFlow).toBe(true)
  expect((await call(getLaunch, path, cookie, { p: { guide: 'ws-flow' } })).json.launch.flowId).toBe(first.json.flowId)
})

test('ac-flow/launch: two clicks at once make one abandoned-cart flow', async () => {
  const { company, cookie } = await account()
  const path = '/ajax/onboarding/launch/ac-flow'
  const both = await Promise.all([
    call(launch, path, cookie, { body: {}, p: { guide: 'ac-flow' } }),
    call(launch, path, cookie, { body: {}, p: { guide: 'ac-flow' } }),
  ])
  const ok = both.filter((r) => r.status === 200)
  expect(ok.length).toBeGreaterThanOrEqual(1)
  for (const r of both) expect([200, 409]).toContain(r.status)
  expect(await db.flow.count({ where: { companyId: company.id } })).toBe(1)
  expect((await guides(cookie)).acFlow).toBe(true)
  // A deleted flow is made again by the next launch.
  await db.flow.updateMany({ where: { companyId: company.id }, data: { archived: true } })
  const again = await call(launch, path, cookie, { body: {}, p: { guide: 'ac-flow' } })
  expect(again.json.created).toBe(true)
})

test('launch: an unknown guide is a 404; an analyst cannot launch', async () => {
  const { cookie } = await account()
  expect((await call(launch, '/ajax/onboarding/launch/x', cookie, { body: {}, p: { guide: 'x' } })).status).toBe(404)
  const analyst = await account('analyst')
  const r = await call(launch, '/ajax/onboarding/launch/ws-flow', analyst.cookie, { body: {}, p: { guide: 'ws-flow' } })
  expect(r.status).toBe(403)
})

test('list-setup: the first list with its opt-in, changed on opt-in-setting; bad input and other accounts’ lists refused', async () => {
  const { company, cookie } = await account()
  const bad = await call(createList, '/ajax/onboarding/list-setup', cookie, { body: { name: ' ' } })
  expect(bad.status).toBe(400)
  expect(bad.json.fieldErrors.name).toBeDefined()
  const made = await call(createList, '/ajax/onboarding/list-setup', cookie, {
    body: { name: 'Newsletter', optInProcess: 'double_opt_in' },
  })
  expect(made.status).toBe(201)
  expect(made.json).toMatchObject({ name: 'Newsletter', optInProcess: 'double_opt_in', members: 0 })
  const id = made.json.id as string
  const changed = await call(setOptIn, `/ajax/onboarding/list-setup/${id}`, cookie, {
    body: { optInProcess: 'single_opt_in' },
    p: { listId: id },
  })
  expect(changed.json.optInProcess).toBe('single_opt_in')
  const invalid = await call(setOptIn, `/ajax/onboarding/list-setup/${id}`, cookie, {
    body: { optInProcess: 'triple' },
    p: { listId: id },
  })
  expect(invalid.status).toBe(400)
  expect((await guides(cookie)).listSetup).toBe(true)
  const other = await account()
  expect((await call(getList, `/ajax/onboarding/list-setup/${id}`, other.cookie, { p: { listId: id } })).status).toBe(
    404,
  )
  const hijack = await call(setOptIn, `/ajax/onboarding/list-setup/${id}`, other.cookie, {
    body: { optInProcess: 'double_opt_in' },
    p: { listId: id },
  })
  expect(hijack.status).toBe(404)
  expect((await db.group.findFirstOrThrow({ where: { id, companyId: company.id } })).optInProcess).toBe('single_opt_in')
})

test('segment-and-send: a real campaign made from a goal, an audience and a starter, edited, then scheduled', async () => {
  const { company, cookie } = await account()
  const list = await call(createList, '/ajax/onboarding/list-setup', cookie, { body: { name: 'VIP' } })
  const bad = await call(createCampaign, '/ajax/onboarding/segment-and-send', cookie, {
    body: { goal: 'spam', audienceId: list.json.id },
  })
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors)).toEqual(expect.arrayContaining(['goal']))
  const made = await call(createCampaign, '/ajax/onboarding/segment-and-send', cookie, {
    body: { goal: 'promotion', audienceId: list.json.id, starter: 'promotion' },
  })
  expect(made.status).toBe(201)
  expect(made.json).toMatchObject({ name: 'First promotion', status: 'Draft', audiences: [list.json.id] })
  const campaignId = made.json.campaignId as string
  // The starter was copied into the campaign and is not left in the template library.
  expect(await db.template.count({ where: { companyId: company.id } })).toBe(1)

  const saved = await call(saveContent, `/ajax/onboarding/segment-and-send/${campaignId}`, cookie, {
    method: 'PUT',
    body: {
      subject: 'Hello VIPs',
      previewText: 'Just for you',
      body: '<p>Hi <b>there</b><script>alert(1)</script> <a href="javascript:x" onclick="y">x</a></p>',
    },
    p: { campaignId },
  })
  expect(saved.status).toBe(200)
  expect(saved.json.subject).toBe('Hello VIPs')
  expect(saved.json.body).toContain('<b>there</b>')
  expect(saved.json.body).not.toMatch(/<script|onclick|javascript:/)
  const tpl = await db.template.findFirstOrThrow({ where: { companyId: company.id, id: made.json.templateId } })
  expect(tpl.html).toContain('{% unsubscribe_link %}')

  const viaMessage = await call(byMessage, `/ajax/onboarding/segment-and-send/message/${made.json.messageId}`, cookie, {
    p: { messageId: made.json.messageId },
  })
  expect(viaMessage.json.campaignId).toBe(campaignId)

  const past = await call(schedule, `/ajax/onboarding/segment-and-send/${campaignId}/schedule`, cookie, {
    body: { sendAt: '2001-01-01T00:00:00Z' },
    p: { campaignId },
  })
  expect(past.status).toBe(400)
  expect(past.json.fieldErrors.sendAt).toBeDefined()
  const at = new Date(Date.now() + 86_400_000).toISOString()
  const scheduled = await call(schedule, `/ajax/onboarding/segment-and-send/${campaignId}/schedule`, cookie, {
    body: { sendAt: at },
    p: { campaignId },
  })
  expect(scheduled.status).toBe(200)
  expect(scheduled.json.status).toBe('Scheduled')
  expect(new Date(scheduled.json.scheduledAt).toISOString()).toBe(at)
  expect((await guides(cookie)).segmentAndSend).toBe(true)
  // Scheduling twice is refused by the lifecycle, not a 500.
  const twice = await call(schedule, `/ajax/onboarding/segment-and-send/${campaignId}/schedule`, cookie, {
    body: { sendAt: at },
    p: { campaignId },
  })
  expect(twice.status).toBeGreaterThanOrEqual(400)
  expect(twice.status).toBeLessThan(500)
})

test('segment-and-send: another account’s list, template or campaign is refused', async () => {
  const a = await account()
  const b = await account()
  const listA = await call(createList, '/ajax/onboarding/list-setup', a.cookie, { body: { name: 'A list' } })
  const r = await call(createCampaign, '/ajax/onboarding/segment-and-send', b.cookie, {
    body: { goal: 'newsletter', audienceId: listA.json.id, starter: 'simple' },
  })
  expect(r.status).toBe(400)
  expect(r.json.fieldErrors.audienceId).toBeDefined()
  const made = await call(createCampaign, '/ajax/onboarding/segment-and-send', a.cookie, {
    body: { goal: 'newsletter', audienceId: listA.json.id, starter: 'newsletter' },
  })
  const id = made.json.campaignId
  expect(
    (await call(getCampaign, `/ajax/onboarding/segment-and-send/${id}`, b.cookie, { p: { campaignId: id } })).status,
  ).toBe(404)
  const listB = await call(createList, '/ajax/onboarding/list-setup', b.cookie, { body: { name: 'B list' } })
  const foreignTpl = await call(createCampaign, '/ajax/onboarding/segment-and-send', b.cookie, {
    body: { goal: 'newsletter', audienceId: listB.json.id, templateId: made.json.templateId },
  })
  expect(foreignTpl.status).toBe(400)
  expect(foreignTpl.json.fieldErrors.templateId).toBeDefined()
})

test('sanitizeRichText keeps the editor’s tags and escapes the rest', () => {
  expect(
    sanitizeRichText('<p onclick="x">a &amp; b</p><img src=x onerror=y><a href="https://x.example/?a=1">l</a>'),
  ).toBe('<p>a &amp; b</p>&lt;img src=x onerror=y&gt;<a href="https://x.example/?a=1">l</a>')
})

// A one-pixel PNG, made here so the test needs no fixture file.
function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0
    for (const b of buf) {
      c ^= b
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
    }
    return ~c >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type), data])
    const c = Buffer.alloc(4)
    c.writeUInt32BE(crc(td))
    return Buffer.concat([len, td, c])
  }
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 30, 60]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test('autobranding: the logo and colours read from the store’s website; applied to the brand; private addresses refused by default', async () => {
  const server = http.createServer((req, res) => {
    if (req.url === '/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png' })
      return res.end(png())
    }
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(`<html><head><meta name="theme-color" content="#C81E3C"><style>.btn{background:#c81e3c}.x{color:#ffffff}.y{color:#2a9d8f}</style></head>
      <body><img class="site-logo" src="/logo.png" alt="Shop"></body></html>`)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const direct = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const { company, cookie } = await account()
  try {
    const notUrl = await call(autobranding, '/ajax/onboarding/autobranding', cookie, { body: { websiteUrl: 'shop' } })
    expect(notUrl.status).toBe(400)
    expect(notUrl.json.fieldErrors.websiteUrl).toBeDefined()
    // The website the account gave is read; a private address is refused unless the operator allows it.
    await db.company.update({ where: { id: company.id }, data: { websiteUrl: direct } })
    delete process.env.IMAGE_IMPORT_ALLOW_PRIVATE
    const refused = await call(autobranding, '/ajax/onboarding/autobranding', cookie, { body: {} })
    expect(refused.status).toBe(400)
    expect(refused.json.fieldErrors.websiteUrl[0]).toMatch(/private network/)

    process.env.IMAGE_IMPORT_ALLOW_PRIVATE = '1'
    const read = await call(autobranding, '/ajax/onboarding/autobranding', cookie, { body: {} })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ saved: false, brandColor: '#c81e3c', logoUrl: `${direct}logo.png` })
    expect(read.json.colors).toEqual(['#c81e3c', '#2a9d8f'])
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoUrl).toBeNull()

    const applied = await call(autobranding, '/ajax/onboarding/autobranding', cookie, {
      body: { apply: true, brandColor: '#2a9d8f' },
    })
    expect(applied.json).toMatchObject({ saved: true, brandColor: '#2a9d8f' })
    const c = await db.company.findUniqueOrThrow({ where: { id: company.id } })
    expect(c.logoUrl).toMatch(/\/media\/images\//)
    const hosted = JSON.parse(
      (await db.onsiteSettings.findUniqueOrThrow({ where: { companyId: company.id } })).hostedPages,
    )
    expect(hosted.brandColor).toBe('#2a9d8f')
    expect((await guides(cookie)).autobranding).toBe(true)
  } finally {
    delete process.env.IMAGE_IMPORT_ALLOW_PRIVATE
    await new Promise((r) => server.close(r))
  }
})

test('sms-subscribers: an unknown platform is a 404; the status counts the account’s SMS subscribers only', async () => {
  const { cookie } = await account()
  expect(
    (await call(smsStatus, '/ajax/onboarding/sms-subscribers/magento', cookie, { p: { platform: 'magento' } })).status,
  ).toBe(404)
  const r = await call(smsStatus, '/ajax/onboarding/sms-subscribers/shopify', cookie, { p: { platform: 'shopify' } })
  expect(r.status).toBe(200)
  expect(r.json).toMatchObject({ platform: 'shopify', subscribers: 0 })
})

test('the /onboarding checklist follows the account’s real rows', async () => {
  const { company, cookie } = await account()
  const items = async () =>
    Object.fromEntries(
      ((await call(checklist, '/ajax/onboarding/checklist', cookie)).json.items as { id: string; done: boolean }[]).map(
        (i) => [i.id, i.done],
      ),
    )
  expect(await items()).toEqual({
    list: false,
    form: false,
    flowLive: false,
    campaignSent: false,
    domainVerified: false,
    integration: false,
  })
  await call(launch, '/ajax/onboarding/launch/ws-flow', cookie, { body: {}, p: { guide: 'ws-flow' } })
  await db.sendingDomain.create({
    data: {
      companyId: company.id,
      domain: 'x.example',
      selector: 's',
      privateKey: 'k',
      publicKey: 'p',
      verified: true,
    },
  })
  await db.integration.create({
    data: {
      id: `i-${company.id}`,
      companyId: company.id,
      key: 'woocommerce',
      externalKey: 'https://w.example',
      status: 'connected',
    },
  })
  // The welcome series made its Newsletter list.
  expect(await items()).toEqual({
    list: true,
    form: false,
    flowLive: true,
    campaignSent: false,
    domainVerified: true,
    integration: true,
  })
  // Another account's rows count for nothing here.
  const other = await account()
  const theirs = (await call(checklist, '/ajax/onboarding/checklist', other.cookie)).json.items as { done: boolean }[]
  expect(theirs.every((i) => !i.done)).toBe(true)
})

test('add-sms-to-flows: an SMS step after the first email of a live flow, once; other accounts’ flows refused', async () => {
  const { company, cookie } = await account()
  const launched = await call(launch, '/ajax/onboarding/launch/ws-flow', cookie, { body: {}, p: { guide: 'ws-flow' } })
  const flowId = launched.json.flowId as string
  const listed = await call(smsFlows, '/ajax/onboarding/sms-flows', cookie)
  expect(listed.json.flows).toEqual([expect.objectContaining({ id: flowId, hasSms: false })])
  const path = `/ajax/onboarding/sms-flows/${flowId}`
  const added = await call(addSms, path, cookie, { body: {}, p: { flowId } })
  expect(added.status).toBe(200)
  expect(added.json).toEqual({ flowId, added: true })
  const sms = await db.flowAction.findFirstOrThrow({ where: { companyId: company.id, flowId, actionType: 'send-sms' } })
  expect(sms.status).toBe('live')
  // The first email now leads to the text, and the text to what the email led to before.
  const version = await db.flowVersion.findFirstOrThrow({
    where: { companyId: company.id, flowId },
    orderBy: { version: 'desc' },
  })
  const def = JSON.parse(version.definition) as { actions: { id: string; type: string; links: { next?: string } }[] }
  const email = def.actions.find((a) => a.type === 'send-email')!
  expect(email.links.next).toBe(sms.id)
  expect(def.actions.find((a) => a.id === sms.id)!.links.next).toBeTruthy()
  expect((await call(addSms, path, cookie, { body: {}, p: { flowId } })).json).toEqual({ flowId, added: false })
  expect(await db.flowAction.count({ where: { companyId: company.id, flowId, actionType: 'send-sms' } })).toBe(1)
  expect((await guides(cookie)).addSmsToFlows).toBe(true)
  const other = await account()
  expect((await call(addSms, path, other.cookie, { body: {}, p: { flowId } })).status).toBe(404)
})
