/** @jest-environment node */
// The /ajax calls of the /cdp/webhooks and /settings/push-notifications screens: a secret shown
// once (create, rotate), field errors, permissions (an Analyst reads, never writes), and one
// company never reaching another's webhook or push settings.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { generateKeyPairSync } from 'node:crypto'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as hooks from '@/app/ajax/webhooks/route'
import * as hook from '@/app/ajax/webhooks/[id]/route'
import * as deliveries from '@/app/ajax/webhooks/[id]/deliveries/route'
import * as pushStatus from '@/app/ajax/push/setup-status/route'
import * as pushSettings from '@/app/ajax/push/settings/route'
import * as pushTest from '@/app/ajax/push/send-test/route'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
async function json(res: Response): Promise<{ status: number; body: any }> {
  return { status: res.status, body: await res.json() }
}

async function owner(role = 'owner') {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role })
  return { companyId: c.id, cookie: await signIn(u.id, c.id) }
}

const form = { name: 'Feed', endpointUrl: 'https://hooks.example.test/in', topics: ['event:klaviyo.sent_sms'] }

test('create shows the secret once; rotate issues a new one; edits and deletes', async () => {
  const a = await owner()
  const created = await json(
    await hooks.POST(ajaxRequest('/ajax/webhooks', { method: 'POST', cookie: a.cookie, body: form })),
  )
  expect(created.status).toBe(201)
  expect(created.body.secretKey).toMatch(/^whsec_/)
  const id = created.body.webhook.id
  const list = await json(await hooks.GET(ajaxRequest('/ajax/webhooks', { cookie: a.cookie })))
  expect(list.body.webhooks).toHaveLength(1)
  expect(JSON.stringify(list.body)).not.toContain(created.body.secretKey)
  expect(list.body.topics.map((t: { id: string }) => t.id)).toContain('event:klaviyo.received_email')

  const rotated = await json(
    await hook.PATCH(
      ajaxRequest(`/ajax/webhooks/${id}`, { method: 'PATCH', cookie: a.cookie, body: { rotateSecret: true } }),
      params({ id }),
    ),
  )
  expect(rotated.body.secretKey).toMatch(/^whsec_/)
  expect(rotated.body.secretKey).not.toBe(created.body.secretKey)
  const edited = await json(
    await hook.PATCH(
      ajaxRequest(`/ajax/webhooks/${id}`, {
        method: 'PATCH',
        cookie: a.cookie,
        body: { enabled: false, topics: ['event:klaviyo.opened_push'] },
      }),
      params({ id }),
    ),
  )
  expect(edited.body.webhook).toMatchObject({ enabled: false, topics: ['event:klaviyo.opened_push'] })
  expect(edited.body.secretKey).toBeUndefined()
  expect(
    (
      await json(
        await deliveries.GET(ajaxRequest(`/ajax/webhooks/${id}/deliveries`, { cookie: a.cookie }), params({ id })),
      )
    ).body,
  ).toEqual({ deliveries: [] })
  expect(
    (await hook.DELETE(ajaxRequest(`/ajax/webhooks/${id}`, { method: 'DELETE', cookie: a.cookie }), params({ id })))
      .status,
  ).toBe(200)
  expect(await db.webhook.count({ where: { companyId: a.companyId } })).toBe(0)
})

test('field errors name the field; nothing is written', async () => {
  const a = await owner()
  const bad = await json(
    await hooks.POST(
      ajaxRequest('/ajax/webhooks', {
        method: 'POST',
        cookie: a.cookie,
        body: { ...form, endpointUrl: 'ftp://x', topics: ['nope'] },
      }),
    ),
  )
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['endpoint_url', 'webhook-topics'])
  expect(await db.webhook.count({ where: { companyId: a.companyId } })).toBe(0)
})

test('an Analyst reads but cannot write; another company gets 404s', async () => {
  const a = await owner()
  const id = (
    await json(await hooks.POST(ajaxRequest('/ajax/webhooks', { method: 'POST', cookie: a.cookie, body: form })))
  ).body.webhook.id
  const analyst = await makeUser({ companyId: a.companyId, role: 'analyst' })
  const ac = await signIn(analyst.id, a.companyId)
  expect((await hooks.GET(ajaxRequest('/ajax/webhooks', { cookie: ac }))).status).toBe(200)
  expect((await hooks.POST(ajaxRequest('/ajax/webhooks', { method: 'POST', cookie: ac, body: form }))).status).toBe(403)
  expect(
    (
      await pushSettings.PUT(
        ajaxRequest('/ajax/push/settings', { method: 'PUT', cookie: ac, body: { serviceAccountJson: '{}' } }),
      )
    ).status,
  ).toBe(403)

  const b = await owner()
  expect((await hook.GET(ajaxRequest(`/ajax/webhooks/${id}`, { cookie: b.cookie }), params({ id }))).status).toBe(404)
  expect(
    (
      await hook.PATCH(
        ajaxRequest(`/ajax/webhooks/${id}`, {
          method: 'PATCH',
          cookie: b.cookie,
          body: { endpointUrl: 'https://evil.test/' },
        }),
        params({ id }),
      )
    ).status,
  ).toBe(404)
  expect(
    (await hook.DELETE(ajaxRequest(`/ajax/webhooks/${id}`, { method: 'DELETE', cookie: b.cookie }), params({ id })))
      .status,
  ).toBe(404)
  expect(
    (await deliveries.GET(ajaxRequest(`/ajax/webhooks/${id}/deliveries`, { cookie: b.cookie }), params({ id }))).status,
  ).toBe(404)
  expect((await db.webhook.findUniqueOrThrow({ where: { id } })).endpointUrl).toBe(form.endpointUrl)
})

test('push settings: a wrong file is refused with the reason; a good one shows its project; test push needs it', async () => {
  const a = await owner()
  const b = await owner()
  expect(
    (
      await json(
        await pushTest.POST(
          ajaxRequest('/ajax/push/send-test', {
            method: 'POST',
            cookie: a.cookie,
            body: { token: 't', title: 'x', body: 'y' },
          }),
        ),
      )
    ).status,
  ).toBe(400)
  const bad = await json(
    await pushSettings.PUT(
      ajaxRequest('/ajax/push/settings', {
        method: 'PUT',
        cookie: a.cookie,
        body: { serviceAccountJson: '{"type":"authorized_user"}' },
      }),
    ),
  )
  expect(bad.status).toBe(400)
  expect(bad.body.fieldErrors.serviceAccountJson[0]).toContain('service_account')
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
  const sa = JSON.stringify({
    type: 'service_account',
    project_id: 'shop-app-1',
    private_key: key,
    client_email: 'fcm@shop-app-1.iam.gserviceaccount.com',
  })
  const ok = await json(
    await pushSettings.PUT(
      ajaxRequest('/ajax/push/settings', { method: 'PUT', cookie: a.cookie, body: { serviceAccountJson: sa } }),
    ),
  )
  expect(ok.body.settings).toMatchObject({ configured: true, projectId: 'shop-app-1' })
  const status = await json(await pushStatus.GET(ajaxRequest('/ajax/push/setup-status', { cookie: a.cookie })))
  expect(status.body).toMatchObject({
    settings: { configured: true, projectId: 'shop-app-1' },
    tokens: { total: 0, active: 0 },
  })
  expect(JSON.stringify(status.body)).not.toContain('PRIVATE KEY')
  expect(
    (await json(await pushStatus.GET(ajaxRequest('/ajax/push/setup-status', { cookie: b.cookie })))).body.settings
      .configured,
  ).toBe(false)
  expect(
    (await pushSettings.DELETE(ajaxRequest('/ajax/push/settings', { method: 'DELETE', cookie: a.cookie }))).status,
  ).toBe(200)
  expect(await db.pushSettings.count({ where: { companyId: a.companyId } })).toBe(0)
})
