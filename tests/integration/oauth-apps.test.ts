/** @jest-environment node */
// OAuth apps end to end through the real route handlers (issue 21 §4): a developer registers an
// app, a merchant approves it on the consent endpoint, the app exchanges the code with PKCE at
// /oauth/token, calls /api with its Bearer token (and through the official SDK over real HTTP),
// refreshes with rotation, and loses access at once on revocation. Each RFC failure has its code.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { createHash, randomBytes } from 'node:crypto'
import { OAuthApi, OAuthBasicSession, OAuthSession, ProfilesApi, type RetrievedTokens } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { routeTable, type RouteServer } from '../helpers/route-table'
import { makeApiKey } from '../helpers/route-server'
import { flushApiRequestLogs } from '@/lib/api-log/request-log-buffer'
import * as profilesRoute from '@/app/api/profiles/route'
import * as tokenRoute from '@/app/oauth/token/route'
import * as revokeRoute from '@/app/oauth/revoke/route'
import * as manageApps from '@/app/ajax/manage-apps/route'
import * as manageApp from '@/app/ajax/manage-apps/[appId]/route'
import * as rotate from '@/app/ajax/manage-apps/[appId]/rotate-secret/route'
import * as review from '@/app/ajax/manage-apps/[appId]/review/route'
import * as authorize from '@/app/ajax/oauth/authorize/route'
import * as clientApps from '@/app/ajax/oauth/client/route'
import * as clientApp from '@/app/ajax/oauth/client/[appId]/route'

const REDIRECT = 'https://app.example.test/callback'
const table = routeTable([
  ['/api/profiles', profilesRoute],
  ['/oauth/token', tokenRoute],
  ['/oauth/revoke', revokeRoute],
])

let developer: string
let merchant: string
let merchantCompany: number
let otherCompany: number

beforeAll(async () => {
  const dev = await makeCompany('Dev Shop')
  developer = await signIn((await makeUser({ companyId: dev.id })).id, dev.id)
  const m = await makeCompany('Merchant Co')
  merchantCompany = m.id
  const user = await makeUser({ companyId: m.id })
  merchant = await signIn(user.id, m.id)
  const other = await makeCompany('Other Co')
  otherCompany = other.id
  await db.profile.create({ data: { id: '01KOAUTHMINEMINEMINEMINE00', companyId: m.id, email: 'mine@example.test' } })
  await db.profile.create({
    data: { id: '01KOAUTHTHEIRSTHEIRSTHEIR0', companyId: other.id, email: 'theirs@example.test' },
  })
})
beforeEach(() => resetRateLimits())

async function json(res: Response) {
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers }
}

async function registerApp(body: Record<string, unknown> = {}) {
  const r = await json(
    await manageApps.POST(
      ajaxRequest('/ajax/manage-apps', {
        method: 'POST',
        cookie: developer,
        body: { name: 'Sync Pro', redirectUris: [REDIRECT], scopes: ['profiles:read', 'profiles:write'], ...body },
      }),
    ),
  )
  expect(r.status).toBe(201)
  return { clientId: r.json.app.id as string, secret: r.json.clientSecret as string | null }
}

function pkce() {
  const verifier = randomBytes(40).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

async function approve(clientId: string, challenge: string, extra: Record<string, string> = {}, cookie = merchant) {
  const p = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'profiles:read',
    state: 'st-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }
  const r = await json(
    await authorize.POST(
      ajaxRequest('/ajax/oauth/authorize', {
        method: 'POST',
        cookie,
        body: { query: new URLSearchParams(p).toString(), approve: true },
      }),
    ),
  )
  return r
}

async function codeFor(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const r = await approve(clientId, challenge, extra)
  if (r.status !== 200) throw new Error(JSON.stringify(r.json))
  expect(r.status).toBe(200)
  const url = new URL(r.json.redirect)
  expect(url.origin + url.pathname).toBe(REDIRECT)
  expect(url.searchParams.get('state')).toBe('st-123')
  return url.searchParams.get('code')!
}

async function token(form: Record<string, string>, basic?: [string, string]) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (basic) headers.authorization = 'Basic ' + Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')
  return json(
    await table.dispatch(
      new Request('http://localhost:3000/oauth/token', {
        method: 'POST',
        headers,
        body: new URLSearchParams(form).toString(),
      }),
    ),
  )
}

const apiAs = (accessToken: string, method = 'GET', body?: unknown) =>
  table.dispatch(
    new Request('http://localhost:3000/api/profiles', {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        revision: '2026-07-15',
        accept: 'application/vnd.api+json',
        ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
  )

test('the whole flow: register, approve, exchange with PKCE, call /api with exactly the granted scopes', async () => {
  const { clientId, secret } = await registerApp()
  expect(secret).toMatch(/^kcs_/)
  const stored = await db.oAuthApp.findUniqueOrThrow({ where: { id: clientId } })
  expect(stored.clientSecretHash).toBe(createHash('sha256').update(secret!).digest('hex'))

  const { verifier, challenge } = pkce()
  const code = await codeFor(clientId, challenge)
  expect(await db.oAuthCode.count({ where: { codeHash: code } })).toBe(0) // only the hash is stored
  const t = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, [
    clientId,
    secret!,
  ])
  expect(t.status).toBe(200)
  expect(t.headers.get('cache-control')).toBe('no-store')
  expect(t.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'profiles:read' })

  const list = await json(await apiAs(t.json.access_token))
  expect(list.status).toBe(200)
  // Company isolation: the merchant's profiles only.
  expect(list.json.data.map((p: { attributes: { email: string } }) => p.attributes.email)).toEqual([
    'mine@example.test',
  ])

  // profiles:read was granted, profiles:write was not (though the app registered it).
  const post = await json(
    await apiAs(t.json.access_token, 'POST', { data: { type: 'profile', attributes: { email: 'new@example.test' } } }),
  )
  expect(post.status).toBe(403)
  expect(post.json.errors[0].code).toBe('permission_denied')
  expect(await db.profile.count({ where: { email: 'new@example.test' } })).toBe(0)

  // The secret in the body works too (RFC 6749 §2.3.1).
  const p2 = pkce()
  const code2 = await codeFor(clientId, p2.challenge)
  const t2 = await token({
    grant_type: 'authorization_code',
    code: code2,
    redirect_uri: REDIRECT,
    code_verifier: p2.verifier,
    client_id: clientId,
    client_secret: secret!,
  })
  expect(t2.status).toBe(200)
})

test('the RFC error codes: wrong verifier, reused code, wrong redirect URI, expired code, bad client, plain PKCE', async () => {
  const { clientId, secret } = await registerApp()
  const basic: [string, string] = [clientId, secret!]

  const a = pkce()
  const codeA = await codeFor(clientId, a.challenge)
  const wrongVerifier = await token(
    { grant_type: 'authorization_code', code: codeA, redirect_uri: REDIRECT, code_verifier: pkce().verifier },
    basic,
  )
  expect(wrongVerifier.status).toBe(400)
  expect(wrongVerifier.json.error).toBe('invalid_grant')

  const wrongRedirect = await token(
    { grant_type: 'authorization_code', code: codeA, redirect_uri: REDIRECT + '/', code_verifier: a.verifier },
    basic,
  )
  expect(wrongRedirect.json.error).toBe('invalid_grant')

  const ok = await token(
    { grant_type: 'authorization_code', code: codeA, redirect_uri: REDIRECT, code_verifier: a.verifier },
    basic,
  )
  expect(ok.status).toBe(200)
  // A second use is refused and ends what the first use issued.
  const reused = await token(
    { grant_type: 'authorization_code', code: codeA, redirect_uri: REDIRECT, code_verifier: a.verifier },
    basic,
  )
  expect(reused.json.error).toBe('invalid_grant')
  expect((await apiAs(ok.json.access_token)).status).toBe(401)

  const b = pkce()
  const codeB = await codeFor(clientId, b.challenge)
  await db.oAuthCode.updateMany({
    where: { appId: clientId, usedAt: null },
    data: { expiresAt: new Date(Date.now() - 1000) },
  })
  const expired = await token(
    { grant_type: 'authorization_code', code: codeB, redirect_uri: REDIRECT, code_verifier: b.verifier },
    basic,
  )
  expect(expired.json.error).toBe('invalid_grant')

  const c = pkce()
  const codeC = await codeFor(clientId, c.challenge)
  const badSecret = await token(
    { grant_type: 'authorization_code', code: codeC, redirect_uri: REDIRECT, code_verifier: c.verifier },
    [clientId, 'kcs_wrong'],
  )
  expect(badSecret.status).toBe(401)
  expect(badSecret.json.error).toBe('invalid_client')
  expect(badSecret.headers.get('www-authenticate')).toMatch(/^Basic/)
  const noSecret = await token({
    grant_type: 'authorization_code',
    code: codeC,
    redirect_uri: REDIRECT,
    code_verifier: c.verifier,
    client_id: clientId,
  })
  expect(noSecret.json.error).toBe('invalid_client')

  expect((await token({ grant_type: 'password', username: 'x', password: 'y' }, basic)).json.error).toBe(
    'unsupported_grant_type',
  )
  expect(
    (await token({ grant_type: 'authorization_code', code: codeC, redirect_uri: REDIRECT }, basic)).json.error,
  ).toBe('invalid_request')

  // plain PKCE and a missing challenge go back to the client as invalid_request, with the state.
  const plain = await approve(clientId, c.verifier, { code_challenge_method: 'plain' })
  const plainUrl = new URL(plain.json.redirect)
  expect(plainUrl.searchParams.get('error')).toBe('invalid_request')
  expect(plainUrl.searchParams.get('state')).toBe('st-123')
  expect(new URL((await approve(clientId, '')).json.redirect).searchParams.get('error')).toBe('invalid_request')
  expect(
    new URL((await approve(clientId, c.challenge, { scope: 'lists:read' })).json.redirect).searchParams.get('error'),
  ).toBe('invalid_scope')
  // A missing or unregistered redirect URI is never redirected to.
  const noRedirect = await approve(clientId, c.challenge, { redirect_uri: '' })
  expect(noRedirect.status).toBe(400)
  expect(noRedirect.json.message).toMatch(/redirect_uri/)
  const evil = await approve(clientId, c.challenge, { redirect_uri: 'https://evil.example.test/cb' })
  expect(evil.status).toBe(400)
  expect(evil.json.redirect).toBeUndefined()
})

test('an oversized token request is invalid_request, not a 500', async () => {
  const r = await json(
    await table.dispatch(
      new Request('http://localhost:3000/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=' + 'a'.repeat(20_000),
      }),
    ),
  )
  expect(r.status).toBe(400)
  expect(r.json.error).toBe('invalid_request')
  const bad = await json(
    await table.dispatch(
      new Request('http://localhost:3000/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
      }),
    ),
  )
  expect(bad.json.error).toBe('invalid_request')
})

test('denial redirects with access_denied and the state', async () => {
  const { clientId } = await registerApp()
  const p = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'xyz',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  }
  const r = await json(
    await authorize.POST(
      ajaxRequest('/ajax/oauth/authorize', {
        method: 'POST',
        cookie: merchant,
        body: { query: new URLSearchParams(p).toString(), approve: false },
      }),
    ),
  )
  const url = new URL(r.json.redirect)
  expect(url.searchParams.get('error')).toBe('access_denied')
  expect(url.searchParams.get('state')).toBe('xyz')
  expect(await db.oAuthCode.count({ where: { appId: clientId } })).toBe(0)
})

test('an account the user does not manage cannot be granted', async () => {
  const { clientId } = await registerApp()
  const p = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  }
  const r = await json(
    await authorize.POST(
      ajaxRequest('/ajax/oauth/authorize', {
        method: 'POST',
        cookie: merchant,
        body: { query: new URLSearchParams(p).toString(), approve: true, companyId: otherCompany },
      }),
    ),
  )
  expect(r.status).toBe(403)
})

test('refresh tokens rotate; reusing a rotated one revokes the whole family', async () => {
  const { clientId } = await registerApp({ publicClient: true })
  const { verifier, challenge } = pkce()
  const code = await codeFor(clientId, challenge)
  // A public client authenticates with its client_id alone; PKCE is its proof.
  const first = await token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: clientId,
  })
  expect(first.status).toBe(200)
  const second = await token({
    grant_type: 'refresh_token',
    refresh_token: first.json.refresh_token,
    client_id: clientId,
  })
  expect(second.status).toBe(200)
  expect(second.json.refresh_token).not.toBe(first.json.refresh_token)
  expect((await apiAs(second.json.access_token)).status).toBe(200)
  const widened = await token({
    grant_type: 'refresh_token',
    refresh_token: second.json.refresh_token,
    client_id: clientId,
    scope: 'profiles:write',
  })
  expect(widened.json.error).toBe('invalid_scope')

  const replay = await token({
    grant_type: 'refresh_token',
    refresh_token: first.json.refresh_token,
    client_id: clientId,
  })
  expect(replay.json.error).toBe('invalid_grant')
  expect((await apiAs(second.json.access_token)).status).toBe(401)
  expect(
    (await token({ grant_type: 'refresh_token', refresh_token: second.json.refresh_token, client_id: clientId })).json
      .error,
  ).toBe('invalid_grant')
})

test('revocation (RFC 7009) and the merchant revoking an app stop /api at once', async () => {
  const { clientId, secret } = await registerApp()
  const basic: [string, string] = [clientId, secret!]
  const issue = async () => {
    const p = pkce()
    return (
      await token(
        {
          grant_type: 'authorization_code',
          code: await codeFor(clientId, p.challenge),
          redirect_uri: REDIRECT,
          code_verifier: p.verifier,
        },
        basic,
      )
    ).json
  }
  const revoke = async (tok: string, who = basic) =>
    json(
      await table.dispatch(
        new Request('http://localhost:3000/oauth/revoke', {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: 'Basic ' + Buffer.from(who.join(':')).toString('base64'),
          },
          body: new URLSearchParams({ token: tok }).toString(),
        }),
      ),
    )

  const a = await issue()
  expect((await apiAs(a.access_token)).status).toBe(200)
  expect((await revoke(a.access_token)).status).toBe(200)
  expect((await apiAs(a.access_token)).status).toBe(401)
  expect((await revoke('kat_unknown')).status).toBe(200)

  const b = await issue()
  // Another client cannot revoke this client's token.
  const other = await registerApp()
  await revoke(b.refresh_token, [other.clientId, other.secret!])
  expect((await apiAs(b.access_token)).status).toBe(200)
  expect((await revoke(b.refresh_token)).status).toBe(200)
  expect((await apiAs(b.access_token)).status).toBe(401)

  const c = await issue()
  const listed = await json(await clientApps.GET(ajaxRequest('/ajax/oauth/client', { cookie: merchant })))
  expect(listed.json.apps).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ appId: clientId, name: 'Sync Pro', developer: 'Dev Shop', scopes: ['profiles:read'] }),
    ]),
  )
  const r = await clientApp.DELETE(
    ajaxRequest(`/ajax/oauth/client/${clientId}`, { method: 'DELETE', cookie: merchant }),
    params({ appId: clientId }),
  )
  expect(r.status).toBe(200)
  expect((await apiAs(c.access_token)).status).toBe(401)
})

test('an expired access token or a deleted app resolves to 401', async () => {
  const { clientId, secret } = await registerApp()
  const p = pkce()
  const t = (
    await token(
      {
        grant_type: 'authorization_code',
        code: await codeFor(clientId, p.challenge),
        redirect_uri: REDIRECT,
        code_verifier: p.verifier,
      },
      [clientId, secret!],
    )
  ).json
  await db.oAuthToken.updateMany({ where: { appId: clientId }, data: { accessExpiresAt: new Date(Date.now() - 1000) } })
  expect((await apiAs(t.access_token)).status).toBe(401)
  await db.oAuthToken.updateMany({
    where: { appId: clientId },
    data: { accessExpiresAt: new Date(Date.now() + 60_000) },
  })
  expect((await apiAs(t.access_token)).status).toBe(200)
  const del = await manageApp.DELETE(
    ajaxRequest(`/ajax/manage-apps/${clientId}`, { method: 'DELETE', cookie: developer }),
    params({ appId: clientId }),
  )
  expect(del.status).toBe(200)
  expect((await apiAs(t.access_token)).status).toBe(401)
})

test('app management: validation, secret rotation, review, and company isolation', async () => {
  const bad = await json(
    await manageApps.POST(
      ajaxRequest('/ajax/manage-apps', {
        method: 'POST',
        cookie: developer,
        body: { name: '', redirectUris: ['http://example.test/cb', 'https://ok.test/cb#frag'], scopes: [] },
      }),
    ),
  )
  expect(bad.status).toBe(400)
  expect(JSON.stringify(bad.json)).toMatch(/redirect/i)
  const okLocal = await json(
    await manageApps.POST(
      ajaxRequest('/ajax/manage-apps', {
        method: 'POST',
        cookie: developer,
        body: {
          name: 'Local',
          redirectUris: ['http://localhost:8080/cb', 'http://127.0.0.1/cb'],
          scopes: ['events:write'],
        },
      }),
    ),
  )
  expect(okLocal.status).toBe(201)

  const { clientId, secret } = await registerApp()
  const rotated = await json(
    await rotate.POST(
      ajaxRequest(`/ajax/manage-apps/${clientId}/rotate-secret`, { method: 'POST', cookie: developer }),
      params({ appId: clientId }),
    ),
  )
  expect(rotated.json.clientSecret).toMatch(/^kcs_/)
  const p = pkce()
  const code = await codeFor(clientId, p.challenge)
  expect(
    (
      await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: p.verifier }, [
        clientId,
        secret!,
      ])
    ).json.error,
  ).toBe('invalid_client')
  expect(
    (
      await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: p.verifier }, [
        clientId,
        rotated.json.clientSecret,
      ])
    ).status,
  ).toBe(200)

  const reviewed = await json(
    await review.POST(
      ajaxRequest(`/ajax/manage-apps/${clientId}/review`, { method: 'POST', cookie: developer }),
      params({ appId: clientId }),
    ),
  )
  expect(reviewed.json.app.status).toBe('in_review')

  // The merchant's company does not own the app: every management call is a 404.
  expect(
    (
      await manageApp.GET(
        ajaxRequest(`/ajax/manage-apps/${clientId}`, { cookie: merchant }),
        params({ appId: clientId }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await manageApp.PATCH(
        ajaxRequest(`/ajax/manage-apps/${clientId}`, {
          method: 'PATCH',
          cookie: merchant,
          body: { scopes: ['lists:read'] },
        }),
        params({ appId: clientId }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await manageApp.DELETE(
        ajaxRequest(`/ajax/manage-apps/${clientId}`, { method: 'DELETE', cookie: merchant }),
        params({ appId: clientId }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await rotate.POST(
        ajaxRequest(`/ajax/manage-apps/${clientId}/rotate-secret`, { method: 'POST', cookie: merchant }),
        params({ appId: clientId }),
      )
    ).status,
  ).toBe(404)
  const patched = await json(
    await manageApp.PATCH(
      ajaxRequest(`/ajax/manage-apps/${clientId}`, {
        method: 'PATCH',
        cookie: developer,
        body: { redirectUris: ['https://new.example.test/cb'] },
      }),
      params({ appId: clientId }),
    ),
  )
  expect(patched.json.app.redirectUris).toEqual(['https://new.example.test/cb'])
  const mine = await json(await manageApps.GET(ajaxRequest('/ajax/manage-apps', { cookie: merchant })))
  expect(mine.json.apps).toEqual([])
})

test('the official SDK calls /api over real HTTP with the app bearer token', async () => {
  const { clientId, secret } = await registerApp()
  const p = pkce()
  const t = (
    await token(
      {
        grant_type: 'authorization_code',
        code: await codeFor(clientId, p.challenge),
        redirect_uri: REDIRECT,
        code_verifier: p.verifier,
      },
      [clientId, secret!],
    )
  ).json
  const server: RouteServer = await table.start({ onRequest: () => resetRateLimits() })
  try {
    const api = new ProfilesApi(new OAuthBasicSession(t.access_token))
    api.basePath = server.url
    const res = await api.getProfiles()
    expect(res.response.status).toBe(200)
    expect(res.body.data.map((x) => x.attributes.email)).toEqual(['mine@example.test'])
    await expect(
      api.createProfile({ data: { type: 'profile' as never, attributes: { email: 'sdk@example.test' } } }),
    ).rejects.toMatchObject({ response: { status: 403 } })
  } finally {
    await server.close()
  }
  expect(merchantCompany).toBeGreaterThan(0)
})

test('the SDK OAuthApi: its authorize URL, createTokens and refreshTokens against our /oauth/token, and OAuthSession on /api', async () => {
  const { clientId, secret } = await registerApp()
  const server: RouteServer = await table.start({ onRequest: () => resetRateLimits() })
  try {
    const stored = new Map<string, RetrievedTokens>()
    const storage = {
      save: async (id: string, t: RetrievedTokens) => void stored.set(id, t),
      retrieve: async (id: string) => stored.get(id)!,
    }
    // The SDK keeps its endpoints protected for subclasses: this one points them at our server.
    class LocalOAuthApi extends OAuthApi {
      constructor(origin: string) {
        super(clientId, secret!, storage)
        this.tokenUrl = `${origin}/oauth/token`
        this.authorizeUrl = `${origin}/oauth/authorize`
      }
    }
    const oauth = new LocalOAuthApi(server.url)
    const { verifier, challenge } = pkce()
    // The SDK writes the authorize query; the merchant approves exactly that query.
    const authorizeUrl = new URL(oauth.generateAuthorizeUrl('sdk-state', 'profiles:read', challenge, REDIRECT))
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${server.url}/oauth/authorize`)
    const decided = await json(
      await authorize.POST(
        ajaxRequest('/ajax/oauth/authorize', {
          method: 'POST',
          cookie: merchant,
          body: { query: authorizeUrl.search.slice(1), approve: true },
        }),
      ),
    )
    const back = new URL(decided.json.redirect)
    expect(back.searchParams.get('state')).toBe('sdk-state')
    const first = await oauth.createTokens('merchant', verifier, back.searchParams.get('code')!, REDIRECT)
    expect(first.accessToken).toMatch(/^kat_/)

    const api = new ProfilesApi(new OAuthSession('merchant', oauth))
    api.basePath = server.url
    expect((await api.getProfiles()).body.data.map((x) => x.attributes.email)).toEqual(['mine@example.test'])

    // Near expiry the session refreshes through the SDK: the new pair replaces the old one.
    stored.set('merchant', { ...first, expiresAt: new Date(Date.now() + 5_000) })
    expect((await api.getProfiles()).response.status).toBe(200)
    const second = stored.get('merchant')!
    expect(second.refreshToken).not.toBe(first.refreshToken)
    await expect(oauth.refreshTokens('merchant', first.refreshToken)).rejects.toThrow()
    // Reusing the rotated refresh token revoked the family: the session's current token is dead too.
    expect((await apiAs(second.accessToken!)).status).toBe(401)
  } finally {
    await server.close()
  }
})

test('two exchanges of one code at once: exactly one gets tokens', async () => {
  const { clientId, secret } = await registerApp()
  const { verifier, challenge } = pkce()
  const code = await codeFor(clientId, challenge)
  const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }
  const results = await Promise.all([
    token(form, [clientId, secret!]),
    token(form, [clientId, secret!]),
    token(form, [clientId, secret!]),
  ])
  expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400])
})

test('the request gate passes POST /oauth/token and /oauth/revoke through and answers GET 405', async () => {
  const { NextRequest } = await import('next/server')
  const { proxy } = await import('@/proxy')
  for (const path of ['/oauth/token', '/oauth/revoke']) {
    const gate = (method: string) =>
      proxy(
        new NextRequest(new URL(path, 'http://localhost:3000'), {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      )
    const post = await gate('POST')
    expect(post.status).toBe(200)
    expect(post.headers.get('x-middleware-next')).toBe('1')
    expect((await gate('GET')).status).toBe(405)
  }
})

test('an app has its own rate-limit budget on the account: the merchant keys being throttled does not stop it', async () => {
  const { clientId, secret } = await registerApp()
  const p = pkce()
  const t = (
    await token(
      {
        grant_type: 'authorization_code',
        code: await codeFor(clientId, p.challenge),
        redirect_uri: REDIRECT,
        code_verifier: p.verifier,
      },
      [clientId, secret!],
    )
  ).json
  const key = await makeApiKey(merchantCompany)
  // All at once, so the burst is spent inside one one-second window however slow the machine is.
  const statuses = await Promise.all(
    Array.from({ length: 120 }, () => table.call('GET', '/api/profiles', key).then((r) => r.status)),
  )
  expect(statuses).toContain(429)
  expect((await apiAs(t.access_token)).status).toBe(200)
})

test("an app's /api calls are logged under the app (developer tools), a missing scope's 403 too; a refused token belongs to nobody and is not logged", async () => {
  const { clientId, secret } = await registerApp()
  const p = pkce()
  const t = (
    await token(
      {
        grant_type: 'authorization_code',
        code: await codeFor(clientId, p.challenge),
        redirect_uri: REDIRECT,
        code_verifier: p.verifier,
      },
      [clientId, secret!],
    )
  ).json
  await apiAs(t.access_token)
  // A missing scope is refused after the app is known, so its 403 is logged like any 4xx.
  await apiAs(t.access_token, 'POST', { data: { type: 'profile', attributes: { email: 'logged@example.test' } } })
  await apiAs('kat_' + 'x'.repeat(43))
  // An error answer is logged once its body has been read from a clone, a moment later.
  await new Promise((r) => setTimeout(r, 50))
  await flushApiRequestLogs()
  const rows = await db.apiRequestLog.findMany({ where: { appId: clientId }, orderBy: { id: 'asc' } })
  expect(rows.map((r) => [r.companyId, r.apiKeyId, r.method, r.status])).toEqual([
    [merchantCompany, null, 'GET', 200],
    [merchantCompany, null, 'POST', 403],
  ])
})

test('write includes read, as for private keys: an app asking profiles:write can also read', async () => {
  const { clientId, secret } = await registerApp({ scopes: ['profiles:write'] })
  const registered = await db.oAuthApp.findUniqueOrThrow({ where: { id: clientId } })
  expect(JSON.parse(registered.scopes)).toEqual(['profiles:read', 'profiles:write'])
  const p = pkce()
  const t = (
    await token(
      {
        grant_type: 'authorization_code',
        code: await codeFor(clientId, p.challenge, { scope: 'profiles:write' }),
        redirect_uri: REDIRECT,
        code_verifier: p.verifier,
      },
      [clientId, secret!],
    )
  ).json
  expect(t.scope).toBe('profiles:read profiles:write')
  expect((await apiAs(t.access_token)).status).toBe(200)
})
