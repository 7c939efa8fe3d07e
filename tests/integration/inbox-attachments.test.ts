/** @jest-environment node */
// Inbound attachments kept on our side (issue 25 §4, lib/inbox/attachments-store.ts): an MMS
// and a WhatsApp image come in through the real webhooks, the job fetches them from a local
// server standing in for Twilio's media host (with its redirect to storage) and for the Cloud
// API's media endpoints, checks their bytes and stores them under DATA_DIR; the thread shows
// them stored, or unavailable with a reason when the fetch, the type or the size fails (the
// message stays); GET /ajax/inbox/attachments serves them to the company's team only.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)
import http from 'node:http'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn, ajaxRequest, params } from '../helpers/factory'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { twilioSignature } from '@/lib/messaging/sms/twilio-signature'
import { hubSignature } from '@/lib/messaging/whatsapp/whatsapp-signature'
import { storeAttachments } from '@/lib/inbox/attachments-store'
import { searchConversationIds } from '@/lib/inbox/search-conversations'
import { deleteProfilesBy } from '@/lib/data-privacy/delete-profile-data'
import { dbEngine } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { sql } from 'kysely'
import * as smsAccountRoute from '@/app/ajax/sms/account/route'
import * as whatsappSettingsRoute from '@/app/ajax/sms/whatsapp/route'
import * as smsInbound from '@/app/webhooks/sms/inbound/route'
import * as whatsappWebhook from '@/app/webhooks/whatsapp/route'
import * as listRoute from '@/app/ajax/inbox/conversations/route'
import * as threadRoute from '@/app/ajax/inbox/conversations/[id]/route'
import * as attachmentRoute from '@/app/ajax/inbox/attachments/[messageId]/[index]/route'

const APP = 'https://app.example.test'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
const SID = 'AC' + '7'.repeat(32)
const TOKEN = 'attachments-token-0123456789'
const WA_TOKEN = 'EAAG-attachments-abcdefgh'

type Seen = { path: string; authorization: string | undefined }
let server: http.Server
let base = ''
const seen: Seen[] = []
let dataDir = ''

beforeAll(async () => {
  process.env.APP_URL = APP
  process.env.SECRETS_KEY = 'a'.repeat(40)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-media-'))
  process.env.DATA_DIR = dataDir
  server = http.createServer((req, res) => {
    const url = req.url ?? '/'
    seen.push({ path: url, authorization: req.headers.authorization })
    const send = (status: number, body: Buffer | string, type = 'application/octet-stream') => {
      res.writeHead(status, { 'content-type': type })
      res.end(body)
    }
    // Twilio: the media URL, or a redirect to its storage (which wants no credentials).
    if (url === '/twilio/Media/ME1') return send(200, PNG, 'image/png')
    if (url === '/twilio/Media/ME2') {
      res.writeHead(302, { location: `${base}/storage/ME2.pdf` })
      return res.end()
    }
    if (url === '/storage/ME2.pdf') return send(req.headers.authorization ? 403 : 200, PDF, 'application/pdf')
    if (url === '/twilio/Media/HTML') return send(200, '<html><script>alert(1)</script></html>', 'image/jpeg')
    if (url === '/twilio/Media/HUGE')
      return send(200, Buffer.concat([PNG.subarray(0, 24), Buffer.alloc(6 * 1024 * 1024)]), 'image/png')
    if (url === '/twilio/Media/BUSY') return send(503, 'busy')
    // The Cloud API: a media id names a download URL, both read with the access token.
    if (url === '/graph/wa-media-1')
      return send(200, JSON.stringify({ url: `${base}/wa-files/1`, mime_type: 'image/png' }), 'application/json')
    if (url === '/wa-files/1') return send(req.headers.authorization === `Bearer ${WA_TOKEN}` ? 200 : 401, PNG)
    return send(404, 'not found')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function company() {
  const co = await makeCompany()
  const owner = await makeUser({ companyId: co.id })
  return { companyId: co.id, cookie: await signIn(owner.id, co.id) }
}

const list = (cookie: string, q = '') => listRoute.GET(ajaxRequest(`/ajax/inbox/conversations${q}`, { cookie }))
const thread = async (cookie: string, id: number) =>
  (await threadRoute.GET(ajaxRequest(`/ajax/inbox/conversations/${id}`, { cookie }), params({ id: String(id) }))).json()
const attachment = (cookie: string | undefined, messageId: number, index: number) =>
  attachmentRoute.GET(
    ajaxRequest(`/ajax/inbox/attachments/${messageId}/${index}`, cookie ? { cookie } : {}),
    params({ messageId: String(messageId), index: String(index) }),
  )

test('MMS files are fetched, checked and stored; failures keep the message; only the company sees them', async () => {
  const c = await company()
  const number = '+15552990001'
  const res = await smsAccountRoute.POST(
    ajaxRequest('/ajax/sms/account', {
      method: 'POST',
      cookie: c.cookie,
      body: {
        accountSid: SID,
        authToken: TOKEN,
        senderNumber: number,
        phoneNumbers: [number],
        baseUrl: `${base}/twilio`,
      },
    }),
  )
  expect(res.status).toBe(200)
  const media = ['ME1', 'ME2', 'GONE', 'HTML', 'HUGE']
  const p: Record<string, string> = {
    MessageSid: 'SM' + '1'.repeat(32),
    AccountSid: SID,
    From: '+15557009001',
    To: number,
    Body: 'Here are the photos',
    NumMedia: String(media.length),
  }
  media.forEach((m, i) => {
    p[`MediaUrl${i}`] = `${base}/twilio/Media/${m}`
    p[`MediaContentType${i}`] = m === 'ME2' ? 'application/pdf' : 'image/png'
  })
  const hook = await smsInbound.POST(
    new Request('http://localhost:3000/webhooks/sms/inbound', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, `${APP}/webhooks/sms/inbound`, p),
      },
      body: new URLSearchParams(p).toString(),
    }),
  )
  expect(hook.status).toBe(200)
  const conv = (await (await list(c.cookie)).json()).conversations[0]
  const before = await thread(c.cookie, conv.id)
  expect(before.messages[0].media.map((m: { status: string }) => m.status)).toEqual(Array(5).fill('pending'))

  await runJobsUntilIdle()
  const t = await thread(c.cookie, conv.id)
  const msg = t.messages[0]
  expect(msg.body).toBe('Here are the photos')
  expect(
    msg.media.map((m: { status: string; reason?: string; contentType: string }) => [
      m.status,
      m.reason ?? m.contentType,
    ]),
  ).toEqual([
    ['stored', 'image/png'],
    ['stored', 'application/pdf'],
    ['unavailable', 'http_404'],
    ['unavailable', 'type_not_allowed'],
    ['unavailable', 'too_large'],
  ])
  // The account's credentials went to Twilio's host, not to the storage it redirected to.
  expect(seen.find((s) => s.path === '/twilio/Media/ME1')?.authorization).toBe(
    'Basic ' + Buffer.from(`${SID}:${TOKEN}`).toString('base64'),
  )
  expect(seen.find((s) => s.path === '/storage/ME2.pdf')?.authorization).toBeUndefined()

  const img = await attachment(c.cookie, msg.id, 0)
  expect(img.status).toBe(200)
  expect(img.headers.get('content-type')).toBe('image/png')
  expect(img.headers.get('x-content-type-options')).toBe('nosniff')
  expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true)
  const pdf = await attachment(c.cookie, msg.id, 1)
  expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/)
  expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true)
  expect(msg.media[0].href).toBe(`/ajax/inbox/attachments/${msg.id}/0`)
  expect((await attachment(c.cookie, msg.id, 2)).status).toBe(404) // unavailable: nothing to serve
  expect((await attachment(c.cookie, msg.id, 99)).status).toBe(404)
  for (const index of ['x', '-1', '1e1', '123'])
    expect(
      (
        await attachmentRoute.GET(
          ajaxRequest(`/ajax/inbox/attachments/${msg.id}/${index}`, { cookie: c.cookie }),
          params({ messageId: String(msg.id), index }),
        )
      ).status,
    ).toBe(404)

  // Another company's member: 404, as for a message that does not exist; no session: refused.
  const other = await company()
  expect((await attachment(other.cookie, msg.id, 0)).status).toBe(404)
  expect((await attachment(undefined, msg.id, 0)).status).toBeGreaterThanOrEqual(401)
  expect((await attachment(undefined, msg.id, 0)).status).toBeLessThan(404)
})

test("erasing a person (data privacy) takes their conversations, the search's text and the stored files", async () => {
  const c = await company()
  const profile = await db.profile.create({
    data: {
      id: `erase-${c.companyId}`,
      companyId: c.companyId,
      email: 'erase.me@shop.test',
      phoneNumber: '+15557001234',
    },
  })
  const conv = await db.conversation.create({
    data: { companyId: c.companyId, profileId: profile.id, channel: 'sms', lastMessageAt: new Date() },
  })
  const m = await db.conversationMessage.create({
    data: {
      companyId: c.companyId,
      conversationId: conv.id,
      channel: 'sms',
      direction: 'in',
      body: 'my secret question',
      media: JSON.stringify([{ url: `${base}/twilio/Media/ME1`, contentType: 'image/png' }]),
    },
  })
  await storeAttachments({ companyId: c.companyId, messageId: m.id })
  const file = path.join(dataDir, 'inbox-media', String(c.companyId), `${m.id}-0.png`)
  expect(fs.existsSync(file)).toBe(true)
  expect(await searchConversationIds(c.companyId, 'erase.me')).toEqual([conv.id])

  expect(await deleteProfilesBy(c.companyId, { email: 'erase.me@shop.test' })).toBe(1)
  expect(await db.conversation.count({ where: { companyId: c.companyId } })).toBe(0)
  expect(await db.conversationMessage.count({ where: { companyId: c.companyId } })).toBe(0)
  expect(fs.existsSync(file)).toBe(false)
  const leftover =
    dbEngine() === 'postgresql'
      ? sql<{ n: number }>`select count(*) as n from "ConversationProfileSearch" where "conversationId" = ${conv.id}`
      : sql<{ n: number }>`select count(*) as n from "ConversationProfileSearch" where rowid = ${conv.id}`
  const messageText =
    dbEngine() === 'postgresql'
      ? sql<{ n: number }>`select 0 as n`
      : sql<{
          n: number
        }>`select count(*) as n from "ConversationMessageSearch" where "ConversationMessageSearch" match ${'"secret question"'}`
  for (const q of [leftover, messageText]) expect(Number((await q.execute(kysely())).rows[0]!.n)).toBe(0)
})

test('a provider that is down is tried again, then the attachment is marked unavailable', async () => {
  const c = await company()
  const profile = await db.profile.create({ data: { id: `att-${c.companyId}`, companyId: c.companyId } })
  const conv = await db.conversation.create({
    data: { companyId: c.companyId, profileId: profile.id, channel: 'sms', lastMessageAt: new Date() },
  })
  const m = await db.conversationMessage.create({
    data: {
      companyId: c.companyId,
      conversationId: conv.id,
      channel: 'sms',
      direction: 'in',
      body: '',
      media: JSON.stringify([{ url: `${base}/twilio/Media/BUSY`, contentType: 'image/png' }]),
    },
  })
  await expect(storeAttachments({ companyId: c.companyId, messageId: m.id }, 1)).rejects.toThrow(/tried again/)
  const pendingRow = await db.conversationMessage.findUniqueOrThrow({ where: { id: m.id } })
  expect(JSON.parse(pendingRow.media!)[0].unavailable).toBeUndefined()
  await storeAttachments({ companyId: c.companyId, messageId: m.id }, 3)
  const row = await db.conversationMessage.findUniqueOrThrow({ where: { id: m.id } })
  expect(JSON.parse(row.media!)[0].unavailable).toBe('http_503')
  // Another company's id finds nothing to fetch or change.
  const other = await company()
  await storeAttachments({ companyId: other.companyId, messageId: m.id }, 3)
})

test('WhatsApp media is fetched by its id with the access token and stored', async () => {
  const c = await company()
  const phoneNumberId = '7990001'
  const appSecret = 'attachments-secret'
  const res = await whatsappSettingsRoute.POST(
    ajaxRequest('/ajax/sms/whatsapp', {
      method: 'POST',
      cookie: c.cookie,
      body: { phoneNumberId, accessToken: WA_TOKEN, appSecret, baseUrl: `${base}/graph`, templates: [] },
    }),
  )
  expect(res.status).toBe(200)
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: phoneNumberId },
              messages: [
                {
                  id: 'wamid.ATT1',
                  from: '15557009002',
                  type: 'image',
                  image: { id: 'wa-media-1', mime_type: 'image/png', caption: 'This one?' },
                },
                {
                  id: 'wamid.ATT2',
                  from: '15557009002',
                  type: 'document',
                  document: { id: 'wa-gone', mime_type: 'application/pdf' },
                },
              ],
            },
          },
        ],
      },
    ],
  })
  const hook = await whatsappWebhook.POST(
    new Request('http://localhost:3000/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(appSecret, raw) },
      body: raw,
    }),
  )
  expect(hook.status).toBe(200)
  await runJobsUntilIdle()
  const conv = (await (await list(c.cookie, '?channel=whatsapp')).json()).conversations[0]
  const t = await thread(c.cookie, conv.id)
  expect(
    t.messages.map((m: { body: string; media: Array<{ status: string; caption?: string }> }) => [
      m.body,
      m.media.map((x) => x.status),
    ]),
  ).toEqual([
    ['This one?', ['stored']],
    ['', ['unavailable']],
  ])
  expect(seen.find((s) => s.path === '/graph/wa-media-1')?.authorization).toBe(`Bearer ${WA_TOKEN}`)
  const img = await attachment(c.cookie, t.messages[0].id, 0)
  expect(img.status).toBe(200)
  expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true)
})
