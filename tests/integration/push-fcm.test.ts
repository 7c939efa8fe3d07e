/** @jest-environment node */
// Push end to end against a local HTTP server speaking FCM HTTP v1 and Google's OAuth token
// endpoint: the token endpoint verifies the JWT assertion's RS256 signature with the public
// key of a key pair made here; messages:send answers per device token (ok, UNREGISTERED,
// invalid registration token, 500 once). Plus the push-token API and its tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createVerify, generateKeyPairSync } from 'node:crypto'
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { apiRequest, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { setQueueClock } from '@/lib/jobs/clock'
import { createSends } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { ulid } from '@/lib/ids/make-id'
import { savePushServiceAccount, getPushSettingsView } from '@/lib/messaging/push/push-settings'
import { forgetAccessToken } from '@/lib/messaging/push/fcm-client'
import { pushOpenToken } from '@/lib/messaging/push/push-open'
import * as pushTokens from '@/app/api/push-tokens/route'
import * as pushToken from '@/app/api/push-tokens/[id]/route'
import * as apiUnregister from '@/app/api/push-token-unregister/route'
import * as clientPushTokens from '@/app/client/push-tokens/route'
import * as clientUnregister from '@/app/client/push-token-unregister/route'
import * as clientPushOpens from '@/app/client/push-opens/route'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function call(
  handler: Handler,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; id?: string } = {},
) {
  const res = await handler(apiRequest(method, path, { key: opts.key, body: opts.body }), {
    params: Promise.resolve<Record<string, string>>(opts.id ? { id: opts.id } : {}),
  })
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API documents
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any }
}

// ---- the local FCM + OAuth server ----
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
interface Sent {
  project: string
  auth: string
  message: { token: string; notification: { title: string; body: string }; data?: Record<string, string> }
}
const fcm = { url: '', tokenCalls: 0, badSignatures: 0, sent: [] as Sent[], failOnce: new Set<string>() }
let server: http.Server

function verifyJwt(assertion: string): Record<string, unknown> | null {
  const [h, c, sig] = assertion.split('.')
  if (!h || !c || !sig) return null
  const header = JSON.parse(Buffer.from(h, 'base64url').toString())
  if (header.alg !== 'RS256') return null
  const ok = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(sig, 'base64url'))
  return ok ? JSON.parse(Buffer.from(c, 'base64url').toString()) : null
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (d: Buffer) => chunks.push(d))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString()
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (req.url === '/token') {
        fcm.tokenCalls++
        const form = new URLSearchParams(raw)
        const claims =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer'
            ? verifyJwt(form.get('assertion') ?? '')
            : null
        if (
          !claims ||
          claims.aud !== `${fcm.url}/token` ||
          claims.iss !== 'push@demo-shop.iam.gserviceaccount.com' ||
          claims.scope !== 'https://www.googleapis.com/auth/firebase.messaging'
        ) {
          fcm.badSignatures++
          return json(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' })
        }
        return json(200, { access_token: `ya29.test-${fcm.tokenCalls}`, expires_in: 3599, token_type: 'Bearer' })
      }
      const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '')
      if (!m || req.method !== 'POST')
        return json(404, { error: { code: 404, status: 'NOT_FOUND', message: 'no such path' } })
      if (!/^Bearer ya29\.test-\d+$/.test(req.headers.authorization ?? ''))
        return json(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'bad token' } })
      const body = JSON.parse(raw) as { message: Sent['message'] }
      const token = body.message.token
      if (token.startsWith('gone-')) {
        return json(404, {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: 'Requested entity was not found.',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        })
      }
      if (token.startsWith('bad-')) {
        return json(400, {
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: 'The registration token is not a valid FCM registration token',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
            ],
          },
        })
      }
      if (fcm.failOnce.delete(token))
        return json(500, { error: { code: 500, status: 'INTERNAL', message: 'Internal error.' } })
      fcm.sent.push({ project: m[1]!, auth: req.headers.authorization!, message: body.message })
      return json(200, { name: `projects/${m[1]}/messages/${fcm.sent.length}` })
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  fcm.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  process.env.FCM_API_URL = fcm.url
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(async () => {
  await resetRateLimits()
  forgetAccessToken()
})
afterEach(() => setQueueClock(null))

const serviceAccount = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'demo-shop',
    private_key_id: 'k1',
    private_key: privatePem,
    client_email: 'push@demo-shop.iam.gserviceaccount.com',
    token_uri: `${fcm.url}/token`,
    ...over,
  })

const tokenBody = (token: string, profile: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  data: {
    type: 'push-token',
    attributes: {
      token,
      platform: 'android',
      vendor: 'fcm',
      device_metadata: { device_model: 'Pixel 9', os_name: 'android' },
      profile: { data: { type: 'profile', attributes: profile } },
      ...over,
    },
  },
})

async function profileWithTokens(companyId: number, email: string, tokens: string[]) {
  const { profile } = await upsertProfile(companyId, { email, firstName: 'Ada' }, { mode: 'import' })
  for (const t of tokens) {
    const pk = (await db.company.findUniqueOrThrow({ where: { id: companyId } })).publicApiKey
    const r = await call(clientPushTokens.POST as Handler, 'POST', `/client/push-tokens?company_id=${pk}`, {
      body: tokenBody(t, { email }),
    })
    expect(r.status).toBe(202)
  }
  return profile.id
}

async function pushTo(companyId: number, profileIds: string[]) {
  const sourceId = ulid()
  await createSends({
    companyId,
    channel: 'push',
    sourceType: 'campaign_message',
    sourceId,
    transactional: true,
    content: { subject: 'Hi {{ first_name|default:"there" }}', text: 'Your order {{ event.order_id }} shipped' },
    recipients: profileIds.map((profileId) => ({ profileId, context: { event: { order_id: 'A-7' } } })),
  })
  await deliverSends({ companyId, channel: 'push', sourceType: 'campaign_message', sourceId })
  return db.send.findMany({ where: { companyId, sourceId }, orderBy: { id: 'asc' } })
}

const metricEvents = async (companyId: number, name: string) =>
  db.event.findMany({ where: { companyId, metric: { name } } })

describe('service account', () => {
  test('validated before it is stored, sealed at rest, project id shown', async () => {
    const { id } = await makeCompany()
    await expect(savePushServiceAccount(id, '{nope')).rejects.toThrow('not valid JSON')
    await expect(savePushServiceAccount(id, serviceAccount({ type: 'authorized_user' }))).rejects.toThrow(
      '"type" must be "service_account"',
    )
    await expect(savePushServiceAccount(id, serviceAccount({ private_key: 'not a key' }))).rejects.toThrow(
      'RSA private key',
    )
    await expect(
      savePushServiceAccount(id, serviceAccount({ token_uri: 'http://evil.example/token' })),
    ).rejects.toThrow('https')
    expect((await getPushSettingsView(id)).configured).toBe(false)
    const view = await savePushServiceAccount(id, serviceAccount())
    expect(view).toMatchObject({
      configured: true,
      projectId: 'demo-shop',
      clientEmail: 'push@demo-shop.iam.gserviceaccount.com',
    })
    const row = await db.pushSettings.findUniqueOrThrow({ where: { companyId: id } })
    expect(row.serviceAccountSealed).toMatch(/^s1\./)
    expect(row.serviceAccountSealed).not.toContain('PRIVATE KEY')
  })
})

describe('delivery through FCM v1', () => {
  test('rendered title and body to every active token, one token exchange, Received Push once', async () => {
    const { id: cid } = await makeCompany()
    await savePushServiceAccount(cid, serviceAccount())
    const ada = await profileWithTokens(cid, 'ada@x.test', ['tok-a1', 'tok-a2'])
    const before = fcm.tokenCalls
    const sends = await pushTo(cid, [ada])
    expect(sends[0]).toMatchObject({ status: 'sent', provider: 'fcm', subject: 'Hi Ada' })
    const mine = fcm.sent.filter((s) => s.message.data?.send_id === sends[0]!.id)
    expect(mine.map((s) => s.message.token).sort()).toEqual(['tok-a1', 'tok-a2'])
    expect(mine[0]).toMatchObject({
      project: 'demo-shop',
      message: { notification: { title: 'Hi Ada', body: 'Your order A-7 shipped' } },
    })
    expect(mine[0]!.message.data!.open_token).toBe(pushOpenToken(cid, sends[0]!.id))
    expect(fcm.badSignatures).toBe(0)
    // A second push reuses the cached access token.
    await pushTo(cid, [ada])
    expect(fcm.tokenCalls - before).toBe(1)
    expect(await metricEvents(cid, 'Received Push')).toHaveLength(2)
  })

  test('UNREGISTERED and invalid tokens are unregistered; a profile whose tokens all fail bounces', async () => {
    const { id: cid } = await makeCompany()
    await savePushServiceAccount(cid, serviceAccount())
    const bob = await profileWithTokens(cid, 'bob@x.test', ['gone-b1', 'tok-b2'])
    const cy = await profileWithTokens(cid, 'cy@x.test', ['gone-c1', 'bad-c2'])
    const sends = await pushTo(cid, [bob, cy])
    const byProfile = Object.fromEntries(sends.map((s) => [s.profileId, s]))
    expect(byProfile[bob]!.status).toBe('sent')
    expect(byProfile[cy]).toMatchObject({ status: 'bounced' })
    const tokens = await db.pushToken.findMany({ where: { companyId: cid }, orderBy: { token: 'asc' } })
    expect(tokens.map((t) => [t.token, t.unregisterReason])).toEqual([
      ['bad-c2', 'provider_rejected'],
      ['gone-b1', 'provider_rejected'],
      ['gone-c1', 'provider_rejected'],
      ['tok-b2', null],
    ])
    expect(await metricEvents(cid, 'Bounced Push')).toHaveLength(1)
    // The next push goes to the remaining token only; Cy has none left.
    const again = await pushTo(cid, [bob, cy])
    expect(Object.fromEntries(again.map((s) => [s.profileId, [s.status, s.reason]]))).toEqual({
      [bob]: ['sent', null],
      [cy]: ['failed', 'no_push_token'],
    })
  })

  test('a 500 from FCM defers the send and the retry delivers it once', async () => {
    const { id: cid } = await makeCompany()
    await savePushServiceAccount(cid, serviceAccount())
    const dee = await profileWithTokens(cid, 'dee@x.test', ['tok-d1'])
    fcm.failOnce.add('tok-d1')
    const t0 = new Date('2026-11-23T12:00:00Z')
    setQueueClock(t0)
    const [first] = await pushTo(cid, [dee])
    expect(first).toMatchObject({ status: 'deferred', reason: 'retry' })
    expect(first!.error).toContain('500')
    setQueueClock(new Date(first!.deferredUntil!.getTime() + 1000))
    await deliverSends({ companyId: cid, channel: 'push', sourceType: 'campaign_message', sourceId: first!.sourceId })
    const after = await db.send.findUniqueOrThrow({ where: { id: first!.id } })
    expect(after.status).toBe('sent')
    expect(fcm.sent.filter((s) => s.message.data?.send_id === first!.id)).toHaveLength(1)
  })

  test('without a service account the send fails as not configured', async () => {
    const { id: cid } = await makeCompany()
    const eve = await profileWithTokens(cid, 'eve@x.test', ['tok-e1'])
    const [s] = await pushTo(cid, [eve])
    expect(s).toMatchObject({ status: 'failed', reason: 'channel_not_configured' })
  })

  test("Opened Push from the app: once per send, only with this company's token", async () => {
    const a = await makeCompany()
    const b = await makeCompany()
    await savePushServiceAccount(a.id, serviceAccount())
    const fay = await profileWithTokens(a.id, 'fay@x.test', ['tok-f1'])
    const [s] = await pushTo(a.id, [fay])
    const token = pushOpenToken(a.id, s!.id)
    const body = { data: { type: 'push-open', attributes: { open_token: token } } }
    expect(
      (await call(clientPushOpens.POST as Handler, 'POST', `/client/push-opens?company_id=${a.publicApiKey}`, { body }))
        .status,
    ).toBe(202)
    expect(
      (await call(clientPushOpens.POST as Handler, 'POST', `/client/push-opens?company_id=${a.publicApiKey}`, { body }))
        .status,
    ).toBe(202)
    expect(
      (await call(clientPushOpens.POST as Handler, 'POST', `/client/push-opens?company_id=${b.publicApiKey}`, { body }))
        .status,
    ).toBe(400)
    const forged = { data: { type: 'push-open', attributes: { open_token: `${s!.id}.AAAA` } } }
    expect(
      (
        await call(clientPushOpens.POST as Handler, 'POST', `/client/push-opens?company_id=${a.publicApiKey}`, {
          body: forged,
        })
      ).status,
    ).toBe(400)
    const opened = await metricEvents(a.id, 'Opened Push')
    expect(opened).toHaveLength(1)
    expect(JSON.parse(opened[0]!.properties)).toMatchObject({ $send_id: s!.id, channel: 'push' })
    expect(await metricEvents(b.id, 'Opened Push')).toHaveLength(0)
  })
})

describe('/api/push-tokens', () => {
  test('create (upsert), list with the profile, get one, unregister, delete; cross-company', async () => {
    const a = await makeCompany()
    const b = await makeCompany()
    const key = await makeApiKey(a.id)
    const otherKey = await makeApiKey(b.id)
    const created = await call(pushTokens.POST as Handler, 'POST', '/api/push-tokens', {
      key,
      body: tokenBody('tok-api-1', { email: 'gus@x.test', external_id: 'G1' }),
    })
    expect(created.status).toBe(202)
    // The same token again, now from another profile and disabled: one row, moved and updated.
    const again = await call(pushTokens.POST as Handler, 'POST', '/api/push-tokens', {
      key,
      body: tokenBody(
        'tok-api-1',
        { email: 'hal@x.test' },
        { platform: 'ios', vendor: 'apns', enablement_status: 'DENIED' },
      ),
    })
    expect(again.status).toBe(202)
    const rows = await db.pushToken.findMany({ where: { companyId: a.id } })
    expect(rows).toHaveLength(1)
    const hal = await db.profile.findFirstOrThrow({ where: { companyId: a.id, email: 'hal@x.test' } })
    expect(rows[0]).toMatchObject({ profileId: hal.id, platform: 'ios', vendor: 'apns', enablementStatus: 'DENIED' })

    const list = await call(pushTokens.GET as Handler, 'GET', '/api/push-tokens?include=profile', { key })
    expect(list.status).toBe(200)
    expect(list.json.data).toHaveLength(1)
    expect(list.json.data[0]).toMatchObject({
      type: 'push-token',
      id: rows[0]!.id,
      attributes: {
        token: 'tok-api-1',
        platform: 'ios',
        vendor: 'apns',
        enablement_status: 'DENIED',
        background: 'AVAILABLE',
        metadata: { device_model: 'Pixel 9', os_name: 'android' },
      },
      relationships: { profile: { data: { type: 'profile', id: hal.id } } },
    })
    expect(list.json.included[0]).toMatchObject({ type: 'profile', id: hal.id, attributes: { email: 'hal@x.test' } })
    const filtered = await call(
      pushTokens.GET as Handler,
      'GET',
      `/api/push-tokens?filter=equals(profile.id,"${hal.id}")`,
      { key },
    )
    expect(filtered.json.data).toHaveLength(1)

    const one = await call(pushToken.GET as Handler, 'GET', `/api/push-tokens/${rows[0]!.id}`, { key, id: rows[0]!.id })
    expect(one.json.data.attributes.token).toBe('tok-api-1')

    // Company B sees none of it and cannot touch it.
    expect((await call(pushTokens.GET as Handler, 'GET', '/api/push-tokens', { key: otherKey })).json.data).toEqual([])
    expect(
      (
        await call(pushToken.GET as Handler, 'GET', `/api/push-tokens/${rows[0]!.id}`, {
          key: otherKey,
          id: rows[0]!.id,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call(pushToken.DELETE as Handler, 'DELETE', `/api/push-tokens/${rows[0]!.id}`, {
          key: otherKey,
          id: rows[0]!.id,
        })
      ).status,
    ).toBe(404)
    const unregBody = {
      data: {
        type: 'push-token-unregister',
        attributes: {
          token: 'tok-api-1',
          platform: 'ios',
          profile: { data: { type: 'profile', attributes: { email: 'hal@x.test' } } },
        },
      },
    }
    expect(
      (
        await call(apiUnregister.POST as Handler, 'POST', '/api/push-token-unregister', {
          key: otherKey,
          body: unregBody,
        })
      ).status,
    ).toBe(202)
    expect((await db.pushToken.findUniqueOrThrow({ where: { id: rows[0]!.id } })).unregisteredAt).toBeNull()

    expect(
      (
        await call(
          clientUnregister.POST as Handler,
          'POST',
          `/client/push-token-unregister?company_id=${a.publicApiKey}`,
          { body: unregBody },
        )
      ).status,
    ).toBe(202)
    expect((await db.pushToken.findUniqueOrThrow({ where: { id: rows[0]!.id } })).unregisterReason).toBe(
      'app_unregistered',
    )

    expect(
      (await call(pushToken.DELETE as Handler, 'DELETE', `/api/push-tokens/${rows[0]!.id}`, { key, id: rows[0]!.id }))
        .status,
    ).toBe(204)
    expect(await db.pushToken.count({ where: { companyId: a.id } })).toBe(0)
  })

  test('bad input gets 400 with pointers; scopes are enforced', async () => {
    const a = await makeCompany()
    const key = await makeApiKey(a.id)
    const noProfile = await call(pushTokens.POST as Handler, 'POST', '/api/push-tokens', {
      key,
      body: tokenBody('t', {}),
    })
    expect(noProfile.status).toBe(400)
    const badPlatform = await call(pushTokens.POST as Handler, 'POST', '/api/push-tokens', {
      key,
      body: tokenBody('t', { email: 'x@x.test' }, { platform: 'symbian' }),
    })
    expect(badPlatform.status).toBe(400)
    expect(badPlatform.json.errors[0].source.pointer).toBe('/data/attributes/platform')
    const readOnly = await makeApiKey(a.id, ['profiles:read', 'push-tokens:read'])
    expect(
      (
        await call(pushTokens.POST as Handler, 'POST', '/api/push-tokens', {
          key: readOnly,
          body: tokenBody('t', { email: 'x@x.test' }),
        })
      ).status,
    ).toBe(403)
    expect((await call(pushTokens.GET as Handler, 'GET', '/api/push-tokens', { key: readOnly })).status).toBe(200)
    expect(await db.pushToken.count({ where: { companyId: a.id } })).toBe(0)
  })
})
