// A local HTTP/2 server (h2c) that answers like APNs: POST /3/device/{token} with a provider
// token (ES256 JWT) checked against the public half of the .p8 key made here (kid, iss, age),
// apns-topic against the bundle id; then 200 with an apns-id, 410 Unregistered for tokens in
// `gone`, 400 BadDeviceToken for tokens in `bad`, 403 InvalidProviderToken for a bad JWT.
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { generateKeyPairSync, randomUUID, verify } from 'node:crypto'

export interface ApnsHit {
  token: string
  headers: Record<string, string>
  payload: Record<string, unknown> & { aps?: Record<string, unknown> }
}

export interface FakeApns {
  baseUrl: string
  /** The .p8 text (PKCS#8 PEM) to save as the company's key. */
  privateKeyPem: string
  keyId: string
  teamId: string
  bundleId: string
  hits: ApnsHit[]
  refused: number
  gone: Set<string>
  bad: Set<string>
  close(): Promise<void>
}

export async function startFakeApns(): Promise<FakeApns> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const state = {
    keyId: 'ABCDE12345',
    teamId: 'TEAM123456',
    bundleId: 'com.example.shop',
    hits: [] as ApnsHit[],
    refused: 0,
    gone: new Set<string>(),
    bad: new Set<string>(),
  }
  const jwtOk = (auth: string | undefined) => {
    const [h, c, s] = (auth ?? '').replace(/^bearer /, '').split('.')
    if (!h || !c || !s) return false
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; kid?: string }
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as { iss?: string; iat?: number }
    const fresh = typeof claims.iat === 'number' && Math.abs(Date.now() / 1000 - claims.iat) < 3600
    const signed = verify(
      'sha256',
      Buffer.from(`${h}.${c}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    )
    return header.alg === 'ES256' && header.kid === state.keyId && claims.iss === state.teamId && fresh && signed
  }
  const server = http2.createServer()
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (s) => {
    sessions.add(s)
    s.on('close', () => sessions.delete(s))
  })
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      const answer = (status: number, reason?: string, extra: Record<string, string> = {}) => {
        stream.respond({ ':status': status, 'apns-id': randomUUID(), ...extra })
        stream.end(reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: Date.now() } : {}) }) : '')
      }
      const m = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(String(headers[':path']))
      if (headers[':method'] !== 'POST' || !m) return answer(404, 'BadPath')
      if (!jwtOk(headers.authorization as string | undefined)) {
        state.refused++
        return answer(403, 'InvalidProviderToken')
      }
      if (headers['apns-topic'] !== state.bundleId) return answer(400, 'DeviceTokenNotForTopic')
      const token = m[1]!
      state.hits.push({
        token,
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
        payload: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      })
      if (state.gone.has(token)) return answer(410, 'Unregistered')
      if (state.bad.has(token)) return answer(400, 'BadDeviceToken')
      answer(200)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // http2's close waits for open sessions: end them first
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sessions) s.destroy()
        server.close(() => resolve())
      }),
  })
}
