/** @jest-environment node */
// Issue 25 §3 step 2: direct APNs over HTTP/2 with a token-based key, against a local HTTP/2
// stand-in that checks the ES256 provider token: accepted (the payload carries the options),
// 410 Unregistered and 400 BadDeviceToken unregister the token, a key that is not the one
// Apple has is refused; FCM tokens of the same profile still go through FCM with the whole
// rendered message; the key is validated before it is stored and sealed at rest.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { generateKeyPairSync } from 'node:crypto'
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { startFakeApns, type FakeApns } from '../helpers/fake-apns'
import { startFakeFcm, type FakeFcm } from '../helpers/fake-fcm'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { ulid } from '@/lib/ids/make-id'
import { loadApnsKey, saveApnsKey } from '@/lib/messaging/push/apns-settings'
import { closeApnsSessions } from '@/lib/messaging/push/apns-client'
import { forgetAccessToken } from '@/lib/messaging/push/fcm-client'
import { savePushServiceAccount } from '@/lib/messaging/push/push-settings'

let apns: FakeApns
let fcm: FakeFcm
beforeAll(async () => {
  apns = await startFakeApns()
  fcm = await startFakeFcm()
  process.env.APNS_API_URL = apns.baseUrl
  process.env.FCM_API_URL = fcm.url
})
afterAll(async () => {
  closeApnsSessions()
  await apns.close()
  await fcm.close()
})
beforeEach(() => {
  closeApnsSessions()
  forgetAccessToken()
})

const hex = (n: number) => n.toString(16).padStart(64, 'a')
const apnsKey = (over: Partial<Parameters<typeof saveApnsKey>[1]> = {}) => ({
  keyId: apns.keyId,
  teamId: apns.teamId,
  bundleId: apns.bundleId,
  privateKey: apns.privateKeyPem,
  environment: 'sandbox' as const,
  ...over,
})

async function profileWith(companyId: number, tokens: Array<{ token: string; vendor: 'apns' | 'fcm' }>) {
  const { profile } = await upsertProfile(
    companyId,
    { email: `p${ulid()}@example.com`, firstName: 'Ada' },
    { mode: 'import' },
  )
  for (const t of tokens)
    await db.pushToken.create({
      data: {
        id: ulid(),
        companyId,
        profileId: profile.id,
        token: t.token,
        platform: t.vendor === 'apns' ? 'ios' : 'android',
        vendor: t.vendor,
      },
    })
  return profile.id
}

async function push(companyId: number, profileId: string) {
  const sourceId = ulid()
  await createSends({
    companyId,
    channel: 'push',
    sourceType: 'campaign_message',
    sourceId,
    transactional: true,
    content: {
      subject: 'Hi {{ first_name }}',
      text: 'Back in stock',
      push: {
        openAction: { type: 'deep_link', url: 'shop://p/{{ event.sku }}' },
        badge: { type: 'set_count', count: 3 },
        type: 'standard',
      },
    },
    recipients: [{ profileId, context: { event: { sku: 'S1' } } }],
  })
  await deliverSends({ companyId, channel: 'push', sourceType: 'campaign_message', sourceId })
  return db.send.findFirstOrThrow({ where: { companyId, sourceId } })
}

test('accepted by APNs: ES256 provider token, topic, alert push with badge and deep link', async () => {
  const { id } = await makeCompany()
  await saveApnsKey(id, apnsKey())
  const token = hex(1)
  const profileId = await profileWith(id, [{ token, vendor: 'apns' }])
  const send = await push(id, profileId)
  expect(send.status).toBe('sent')
  const hit = apns.hits.find((h) => h.token === token)!
  expect(hit.headers['apns-push-type']).toBe('alert')
  expect(hit.headers['apns-priority']).toBe('10')
  expect(hit.payload.aps).toEqual({ alert: { title: 'Hi Ada', body: 'Back in stock' }, sound: 'default', badge: 3 })
  expect(hit.payload).toMatchObject({ url: 'shop://p/S1', send_id: send.id, notification_type: 'standard' })
})

test('410 Unregistered and 400 BadDeviceToken: token marked invalid, the send bounced, never tried again', async () => {
  const { id } = await makeCompany()
  await saveApnsKey(id, apnsKey())
  const gone = hex(2)
  const bad = hex(3)
  apns.gone.add(gone)
  apns.bad.add(bad)
  const profileId = await profileWith(id, [
    { token: gone, vendor: 'apns' },
    { token: bad, vendor: 'apns' },
  ])
  const send = await push(id, profileId)
  expect(send.status).toBe('bounced')
  const rows = await db.pushToken.findMany({ where: { companyId: id, profileId } })
  expect(rows.map((r) => [r.unregisteredAt !== null, r.unregisterReason])).toEqual([
    [true, 'provider_rejected'],
    [true, 'provider_rejected'],
  ])
  const before = apns.hits.length
  const again = await push(id, profileId)
  expect(again.status).toBe('failed')
  expect(again.reason).toBe('no_push_token')
  expect(apns.hits.length).toBe(before)
})

test('a key Apple does not know is refused (403), the token is kept', async () => {
  const { id } = await makeCompany()
  const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  await saveApnsKey(id, apnsKey({ privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }))
  const token = hex(4)
  const profileId = await profileWith(id, [{ token, vendor: 'apns' }])
  const refused = apns.refused
  const send = await push(id, profileId)
  expect(send.status).toBe('failed')
  expect(send.error).toContain('InvalidProviderToken')
  expect(apns.refused).toBe(refused + 1)
  expect((await db.pushToken.findFirstOrThrow({ where: { companyId: id, token } })).unregisteredAt).toBeNull()
})

test('one profile, an iOS token direct to Apple and an Android token through FCM with the whole message', async () => {
  const { id } = await makeCompany()
  await saveApnsKey(id, apnsKey())
  await savePushServiceAccount(id, fcm.serviceAccount())
  const profileId = await profileWith(id, [
    { token: hex(5), vendor: 'apns' },
    { token: 'android-5', vendor: 'fcm' },
  ])
  const send = await push(id, profileId)
  expect(send.status).toBe('sent')
  expect(send.provider).toBe('fcm+apns')
  expect(apns.hits.some((h) => h.token === hex(5))).toBe(true)
  const m = fcm.sent.find((s) => s.message.token === 'android-5')!.message as Record<string, Record<string, unknown>>
  expect(m.notification).toEqual({ title: 'Hi Ada', body: 'Back in stock' })
  expect(m.data).toMatchObject({ url: 'shop://p/S1', badge_action: 'set_count', badge_count: '3' })
  expect(m.android).toEqual({ priority: 'high', notification: { notification_count: 3 } })
})

test('without an APNs key, apns tokens are not tried; bad key input is a field error', async () => {
  const { id } = await makeCompany()
  const profileId = await profileWith(id, [{ token: hex(6), vendor: 'apns' }])
  expect((await push(id, profileId)).reason).toBe('channel_not_configured')
  await expect(saveApnsKey(id, apnsKey({ privateKey: 'not a key' }))).rejects.toMatchObject({
    status: 400,
    fieldErrors: { privateKey: ['The key is not a valid .p8 private key.'] },
  })
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' })
  await expect(saveApnsKey(id, apnsKey({ privateKey: rsa.toString() }))).rejects.toMatchObject({ status: 400 })
  await saveApnsKey(id, apnsKey())
  const row = await db.apnsSettings.findUniqueOrThrow({ where: { companyId: id } })
  expect(row.keySealed).not.toContain('PRIVATE KEY')
  expect((await loadApnsKey(id))!.privateKey).toBe(apns.privateKeyPem)
})
