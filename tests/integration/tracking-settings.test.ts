/** @jest-environment node */
// UTM settings through their three doors: /ajax/account/utm (GET/PUT, the CSRF header rule of
// seed 002 §9, field errors), /api/tracking-settings (the reference's shape, scopes, PATCH) and
// what a send then does with them; one company never sees or changes another's.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { apiRequest, makeApiKey } from '../helpers/route-server'
import { GET as getUtm, PUT as putUtm } from '@/app/ajax/account/utm/route'
import { GET as listSettings } from '@/app/api/tracking-settings/route'
import { GET as getSetting, PATCH as patchSetting } from '@/app/api/tracking-settings/[id]/route'
import { cachedUtmSettings, clearUtmSettingsCache } from '@/lib/messaging/tracking/utm-settings'

type Handler = (r: Request, c?: { params: Promise<Record<string, string>> }) => Promise<Response>
async function call(h: Handler, req: Request, p: Record<string, string> = {}) {
  const res = await h(req, { params: Promise.resolve(p) })
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any }
}

async function account(role = 'owner') {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id, role })
  return { company, cookie: await signIn(user.id, company.id) }
}

const fullBody = {
  auto_add_parameters: false,
  params: {
    utm_source: { campaign: { type: 'static', value: 'newsletter' }, flow: { type: 'static', value: 'automation' } },
    utm_medium: { campaign: { type: 'static', value: 'email' }, flow: { type: 'static', value: 'email' } },
    utm_campaign: {
      campaign: { type: 'dynamic', value: 'campaign_name' },
      flow: { type: 'dynamic', value: 'flow_name' },
    },
    utm_id: null,
    utm_term: { campaign: null, flow: { type: 'dynamic', value: 'message_name' } },
  },
  custom_parameters: [{ name: 'ref', campaign: { type: 'dynamic', value: 'profile_id' }, flow: null }],
}

describe('/ajax/account/utm', () => {
  test('GET gives the defaults; PUT saves with the CSRF header and the send-time cache follows', async () => {
    const { company, cookie } = await account()
    const first = await call(getUtm, ajaxRequest('/ajax/account/utm', { cookie }))
    expect(first.status).toBe(200)
    expect(first.json.utm.autoAddParameters).toBe(true)
    expect(first.json.utm.params.utm_source.campaign).toEqual({ type: 'static', value: 'merchant-automation' })
    expect(first.json.dynamicValues.flow).toContain('flow_name')
    await cachedUtmSettings(company.id)

    const saved = await call(putUtm, ajaxRequest('/ajax/account/utm', { method: 'PUT', cookie, body: fullBody }))
    expect(saved.status).toBe(200)
    expect(saved.json.utm).toEqual({
      autoAddParameters: false,
      params: fullBody.params,
      customParameters: fullBody.custom_parameters,
    })
    expect((await call(getUtm, ajaxRequest('/ajax/account/utm', { cookie }))).json.utm.params.utm_term.flow.value).toBe(
      'message_name',
    )
    expect((await cachedUtmSettings(company.id)).autoAddParameters).toBe(false)
  })

  test('PUT without the X-CSRFToken header (or with another token) is refused and changes nothing', async () => {
    const { company, cookie } = await account()
    const noHeader = new Request('http://localhost:3000/ajax/account/utm', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(fullBody),
    })
    expect((await call(putUtm, noHeader)).status).toBe(403)
    const wrong = ajaxRequest('/ajax/account/utm', {
      method: 'PUT',
      cookie,
      body: fullBody,
      csrf: false,
      headers: { 'x-csrftoken': 'not-the-cookie-value-000000' },
    })
    expect((await call(putUtm, wrong)).status).toBe(403)
    expect(await db.trackingSettings.findUnique({ where: { companyId: company.id } })).toBeNull()
  })

  test('bad input: 400 with field errors, nothing written', async () => {
    const { company, cookie } = await account()
    const bad = structuredClone(fullBody) as Record<string, unknown> & typeof fullBody
    ;(bad.params.utm_campaign as unknown as Record<string, unknown>).flow = { type: 'dynamic', value: 'campaign_name' }
    bad.custom_parameters = [
      { name: 'utm_source', campaign: null, flow: null },
      { name: 'a b', campaign: null, flow: null },
    ] as never
    ;(bad.params.utm_source as unknown as Record<string, unknown>).campaign = { type: 'static', value: '' }
    const r = await call(putUtm, ajaxRequest('/ajax/account/utm', { method: 'PUT', cookie, body: bad }))
    expect(r.status).toBe(400)
    expect(Object.keys(r.json.fieldErrors).sort()).toEqual([
      'customParameters.0.name',
      'customParameters.1.name',
      'params.utmCampaign.flow.value',
      'params.utmSource.campaign.value',
    ])
    expect(await db.trackingSettings.findUnique({ where: { companyId: company.id } })).toBeNull()
  })

  test('an Analyst reads but cannot change; each company sees only its own', async () => {
    const a = await account()
    const b = await account()
    expect(
      (await call(putUtm, ajaxRequest('/ajax/account/utm', { method: 'PUT', cookie: a.cookie, body: fullBody })))
        .status,
    ).toBe(200)
    expect(
      (await call(getUtm, ajaxRequest('/ajax/account/utm', { cookie: b.cookie }))).json.utm.autoAddParameters,
    ).toBe(true)
    const analyst = await makeUser({ companyId: a.company.id, role: 'analyst' })
    const cookie = await signIn(analyst.id, a.company.id)
    expect((await call(getUtm, ajaxRequest('/ajax/account/utm', { cookie }))).status).toBe(200)
    expect(
      (await call(putUtm, ajaxRequest('/ajax/account/utm', { method: 'PUT', cookie, body: fullBody }))).status,
    ).toBe(403)
  })
})

describe('/api/tracking-settings', () => {
  test('GET list and one in the reference shape; PATCH changes only the given attributes', async () => {
    const company = await makeCompany()
    const key = await makeApiKey(company.id)
    const list = await call(listSettings, apiRequest('GET', '/api/tracking-settings', { key }))
    expect(list.status).toBe(200)
    expect(list.json.data).toHaveLength(1)
    const one = list.json.data[0]
    expect(one).toMatchObject({
      type: 'tracking-setting',
      id: company.publicApiKey,
      links: { self: `http://localhost:3000/api/tracking-settings/${company.publicApiKey}/` },
    })
    expect(one.attributes).toEqual({
      auto_add_parameters: true,
      utm_source: {
        campaign: { type: 'static', value: 'merchant-automation' },
        flow: { type: 'static', value: 'merchant-automation' },
      },
      utm_medium: { campaign: { type: 'static', value: 'campaign' }, flow: { type: 'static', value: 'flow' } },
      utm_campaign: {
        campaign: { type: 'dynamic', value: 'campaign_name_id' },
        flow: { type: 'dynamic', value: 'flow_name' },
      },
      utm_id: null,
      utm_term: null,
      custom_parameters: [],
    })
    const patched = await call(
      patchSetting,
      apiRequest('PATCH', `/api/tracking-settings/${company.publicApiKey}`, {
        key,
        body: {
          data: {
            type: 'tracking-setting',
            id: company.publicApiKey,
            attributes: {
              utm_id: { campaign: { type: 'dynamic', value: 'campaign_id' } },
              utm_campaign: null,
              custom_parameters: [{ name: 'src', flow: { type: 'static', value: 'x' } }],
            },
          },
        },
      }),
      { id: company.publicApiKey },
    )
    expect(patched.status).toBe(200)
    expect(patched.json.data.attributes).toMatchObject({
      auto_add_parameters: true,
      utm_campaign: null,
      utm_id: { campaign: { type: 'dynamic', value: 'campaign_id' }, flow: null },
      custom_parameters: [{ name: 'src', flow: { type: 'static', value: 'x' }, campaign: null }],
    })
    const again = await call(
      getSetting,
      apiRequest('GET', `/api/tracking-settings/${company.publicApiKey}?fields[tracking-setting]=utm_id`, { key }),
      { id: company.publicApiKey },
    )
    expect(again.json.data.attributes).toEqual({
      utm_id: { campaign: { type: 'dynamic', value: 'campaign_id' }, flow: null },
    })
  })

  test("bad bodies get JSON:API errors with pointers; scopes are enforced; another account's id is a 404", async () => {
    const a = await makeCompany()
    const b = await makeCompany()
    const key = await makeApiKey(a.id)
    const body = (attributes: unknown, id = a.publicApiKey) => ({ data: { type: 'tracking-setting', id, attributes } })
    const bad = await call(
      patchSetting,
      apiRequest('PATCH', `/api/tracking-settings/${a.publicApiKey}`, {
        key,
        body: body({ utm_source: { flow: { type: 'dynamic', value: 'campaign_id' } } }),
      }),
      { id: a.publicApiKey },
    )
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].source.pointer).toBe('/data/attributes/utm_source/flow/value')
    expect(
      (
        await call(getSetting, apiRequest('GET', `/api/tracking-settings/${b.publicApiKey}`, { key }), {
          id: b.publicApiKey,
        })
      ).status,
    ).toBe(404)
    const other = await call(
      patchSetting,
      apiRequest('PATCH', `/api/tracking-settings/${b.publicApiKey}`, {
        key,
        body: body({ auto_add_parameters: false }, b.publicApiKey),
      }),
      { id: b.publicApiKey },
    )
    expect(other.status).toBe(404)
    expect(await db.trackingSettings.findUnique({ where: { companyId: b.id } })).toBeNull()
    const readOnly = await makeApiKey(a.id, ['tracking-settings:read'])
    expect((await call(listSettings, apiRequest('GET', '/api/tracking-settings', { key: readOnly }))).status).toBe(200)
    expect(
      (
        await call(
          patchSetting,
          apiRequest('PATCH', `/api/tracking-settings/${a.publicApiKey}`, {
            key: readOnly,
            body: body({ auto_add_parameters: false }),
          }),
          { id: a.publicApiKey },
        )
      ).status,
    ).toBe(403)
    expect(
      (
        await call(
          listSettings,
          apiRequest('GET', '/api/tracking-settings', { key: await makeApiKey(a.id, ['lists:read']) }),
        )
      ).status,
    ).toBe(403)
    expect(await db.trackingSettings.findUnique({ where: { companyId: a.id } })).toBeNull()
    // An unknown key is ignored, as the vendor does (issue 28 §3).
    const unknown = await call(
      patchSetting,
      apiRequest('PATCH', `/api/tracking-settings/${a.publicApiKey}`, { key, body: body({ colour: 'red' }) }),
      { id: a.publicApiKey },
    )
    expect(unknown.status).toBe(200)
    expect(unknown.json.data.attributes).not.toHaveProperty('colour')
    clearUtmSettingsCache()
  })
})
