/** @jest-environment node */
// Issue 29, findings 3, 5 and 6: one SSRF table run against every outbound fetcher's entry point
// with the address policy on (no *_ALLOW_PRIVATE setting). Each target leads to this machine or a
// private network in a different disguise: IPv4-mapped IPv6 (Node writes it ::ffff:7f00:1),
// decimal, octal and hex IPv4 (WHATWG URL turns them into 127.0.0.1), 0.0.0.0, link-local
// metadata, NAT64, 6to4, and a public-looking name that a hostile name server (a real DNS stand-in
// over UDP) answers with 127.0.0.1. A listener on every local interface counts the connections:
// none may arrive, and each fetcher must answer with its own "private address" refusal.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import net from 'node:net'
import { generateKeyPairSync } from 'node:crypto'
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { startDnsAddressServer, type DnsAddressServer } from '../helpers/dns-address-server'
import { sealSecret } from '@/lib/crypto/secret-box'
import { SECRET_PURPOSE } from '@/lib/webhooks/webhook-store'
import { deliverWebhook } from '@/lib/webhooks/deliver-webhook'
import { deliverFlowWebhook, queueFlowWebhookOps } from '@/lib/flows/webhook-action/deliver-flow-webhook'
import { inWriteTx } from '@/lib/db/ops'
import { fetchFeed } from '@/lib/catalog/sources/fetch-feed'
import { fetchFeedBody } from '@/lib/web-feeds/fetch-feed'
import { fetchImageUrl } from '@/lib/templates/store/fetch-image-url'
import { sendTwilioMessage } from '@/lib/messaging/sms/twilio-client'
import { sendCloudMessage } from '@/lib/messaging/whatsapp/cloud-client'
import { forgetAccessToken, getAccessToken } from '@/lib/messaging/push/fcm-client'
import { testSmtpConnection, SMTP_PRIVATE } from '@/lib/messaging/email-settings/test-smtp-connection'
import { parseKeywords } from '@/lib/messaging/sms/keywords'
import type { ServiceAccount } from '@/lib/messaging/push/service-account'
import type { EmailSettingsInput } from '@/lib/messaging/email-settings/email-settings'

const ALLOW = [
  'WEBHOOKS_ALLOW_PRIVATE',
  'IMAGE_IMPORT_ALLOW_PRIVATE',
  'CATALOG_FEEDS_ALLOW_PRIVATE',
  'WEB_FEEDS_ALLOW_PRIVATE',
  'PROVIDERS_ALLOW_PRIVATE',
  'SMTP_ALLOW_PRIVATE',
]

let listener: net.Server
let port = 0
let connections = 0
let dns: DnsAddressServer
let companyId = 0

beforeAll(async () => {
  listener = net.createServer((s) => {
    connections++
    s.destroy()
  })
  // '::' also takes IPv4 and IPv4-mapped connections: every loopback disguise would land here.
  await new Promise<void>((r) => listener.listen(0, '::', r))
  port = (listener.address() as net.AddressInfo).port
  dns = await startDnsAddressServer({
    'shop-feed.example': ['127.0.0.1'],
    'mixed.example': ['93.184.216.34', '10.0.0.7'],
    'v6.example': ['::1'],
  })
  companyId = (await makeCompany()).id
})
afterAll(async () => {
  await new Promise<void>((r) => listener.close(() => r()))
  await dns.close()
})
beforeEach(() => {
  for (const k of ALLOW) delete process.env[k]
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`
  connections = 0
})
afterEach(() => {
  delete process.env.DNS_SERVERS
})

/** The table: a URL per disguise (the port is the local listener's). */
const targets = (): Array<[string, string]> => [
  ['IPv4-mapped IPv6', `https://[::ffff:127.0.0.1]:${port}/x`],
  ['IPv4-mapped IPv6, hex form', `https://[::ffff:7f00:1]:${port}/x`],
  ['IPv4-compatible IPv6', `https://[::127.0.0.1]:${port}/x`],
  ['decimal IPv4', `https://2130706433:${port}/x`],
  ['octal IPv4', `https://0177.0.0.1:${port}/x`],
  ['hex IPv4', `https://0x7f.0.0.1:${port}/x`],
  ['0.0.0.0', `https://0.0.0.0:${port}/x`],
  ['IPv6 loopback', `https://[::1]:${port}/x`],
  ['link-local metadata', `https://169.254.169.254:${port}/latest/meta-data/`],
  ['NAT64 of loopback', `https://[64:ff9b::7f00:1]:${port}/x`],
  ['6to4 of 10.0.0.1', `https://[2002:a00:1::1]:${port}/x`],
  ['name resolving to 127.0.0.1', `https://shop-feed.example:${port}/x`],
  ['name resolving to ::1', `https://v6.example:${port}/x`],
  ['name with one private answer among public ones', `https://mixed.example:${port}/x`],
]

function serviceAccount(tokenUri: string): ServiceAccount {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    type: 'service_account',
    project_id: 'demo-shop',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'push@demo-shop.iam.gserviceaccount.com',
    token_uri: tokenUri,
  }
}
const sa = serviceAccount('https://oauth2.googleapis.com/token')

const smsAccount = (baseUrl: string) => ({
  companyId,
  accountSid: 'AC' + '0'.repeat(32),
  authToken: 'token',
  senderNumber: '+15550000001',
  messagingServiceSid: null,
  baseUrl,
  helpText: null,
  keywords: parseKeywords(null),
  costPerSegment: 0,
  currency: 'USD',
  maxSegments: 10,
})

/** Each fetcher's entry point, resolving to the text of its answer, and the refusal it must give. */
const fetchers: Record<string, { run: (url: string) => Promise<string>; refusal: RegExp }> = {
  'webhooks (deliverWebhook)': {
    refusal: /^The endpoint \S+ resolves to a private address\.$/,
    async run(url) {
      const id = `wh_${Math.random().toString(36).slice(2)}`
      await db.webhook.create({
        data: {
          id,
          companyId,
          name: 'w',
          endpointUrl: url,
          secretSealed: sealSecret('whsec_0123456789', SECRET_PURPOSE),
        },
      })
      const d = await db.webhookDelivery.create({
        data: { companyId, webhookId: id, topic: 'event:klaviyo.received_email', eventKey: 'event:1', payload: '{}' },
      })
      await deliverWebhook({ companyId, deliveryId: d.id })
      return (await db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).error ?? 'delivered'
    },
  },
  'flow webhooks (deliverFlowWebhook)': {
    refusal: /^The endpoint \S+ resolves to a private address\.$/,
    async run(url) {
      const flowId = `f${Math.random().toString(36).slice(2, 8)}`
      await db.flow.create({ data: { id: flowId, companyId, name: 'f', webhookSecret: 'secret' } })
      const { id } = await inWriteTx(() =>
        queueFlowWebhookOps(
          {
            companyId,
            flowId,
            actionId: 'a1',
            runId: null,
            profileId: null,
            stepKey: `test:a1:${flowId}`,
            kind: 'test',
            request: { url, headers: {}, body: '{}' },
          },
          new Date(),
        ),
      )
      await deliverFlowWebhook({ companyId, deliveryId: id })
      return (await db.flowWebhookDelivery.findUniqueOrThrow({ where: { id } })).error ?? 'delivered'
    },
  },
  'catalog feeds (fetchFeed)': {
    refusal: /^The feed URL points to a private network address\.$/,
    run: (url) =>
      fetchFeed(url).then(
        () => 'fetched',
        (e: Error) => e.message,
      ),
  },
  'web feeds (fetchFeedBody)': {
    refusal: /^Feeds cannot be read from private network addresses\.$/,
    run: (url) =>
      fetchFeedBody(url).then(
        () => 'fetched',
        (e: Error) => e.message,
      ),
  },
  'image imports (fetchImageUrl)': {
    refusal: /^Images cannot be imported from private network addresses\.$/,
    run: (url) =>
      fetchImageUrl(url).then(
        () => 'fetched',
        (e: Error) => e.message,
      ),
  },
  'SMS provider (sendTwilioMessage)': {
    refusal: /^SMS provider unreachable: the address is not allowed; maybeSent=false$/,
    async run(url) {
      const r = await sendTwilioMessage(smsAccount(url), { to: '+15551230001', body: 'hi' }, 3000)
      return r.kind === 'transport' ? `${r.error}; maybeSent=${r.maybeSent}` : r.kind
    },
  },
  'WhatsApp provider (sendCloudMessage)': {
    refusal: /^WhatsApp Cloud API unreachable: the address is not allowed; maybeSent=false$/,
    async run(url) {
      const account = {
        companyId,
        phoneNumberId: '123456',
        accessToken: 't',
        appSecret: null,
        baseUrl: url,
        templates: [],
      }
      const r = await sendCloudMessage(account, { kind: 'text', to: '+15551230001', body: 'hi' }, 3000)
      return r.kind === 'transport' ? `${r.error}; maybeSent=${r.maybeSent}` : r.kind
    },
  },
  // The token_uri comes from the service-account file a tenant uploads. (messages:send goes to
  // FCM_API_URL, the operator's setting, through the same safe-fetch.)
  'FCM token exchange (token_uri)': {
    refusal: /^Token exchange failed: .*private/,
    async run(url) {
      forgetAccessToken()
      return getAccessToken({ ...sa, token_uri: url }).then(
        () => 'token',
        (e: Error) => e.message,
      )
    },
  },
  'SMTP test connection (testSmtpConnection)': {
    refusal: new RegExp(`^${SMTP_PRIVATE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    async run(url) {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
      const v = {
        smtpHost: host,
        smtpPort: port,
        smtpSecure: false,
        smtpUser: '',
        clearSmtpPassword: true,
      } as unknown as EmailSettingsInput
      return (await testSmtpConnection(companyId, v, 3000)).message
    },
  },
}

describe.each(Object.keys(fetchers))('%s', (fetcher) => {
  test.each(targets().map(([name]) => name))('refuses %s without connecting', async (name) => {
    const url = targets().find(([n]) => n === name)![1]
    expect(await fetchers[fetcher]!.run(url)).toMatch(fetchers[fetcher]!.refusal)
    expect(connections).toBe(0)
  })
})

test('the operator setting lets a local stand-in through (the same table, one fetcher)', async () => {
  process.env.WEB_FEEDS_ALLOW_PRIVATE = '1'
  expect(await fetchers['web feeds (fetchFeedBody)']!.run(`http://shop-feed.example:${port}/x`)).toBe(
    'The feed could not be reached.',
  )
  expect(connections).toBe(1)
})
