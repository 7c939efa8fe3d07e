// A local HTTP server that speaks Google's OAuth token exchange (the JWT assertion's RS256
// signature checked with the public half of a key made here) and FCM HTTP v1 messages:send
// (bearer token checked; the whole message recorded; tokens starting "gone-" answer
// UNREGISTERED). `serviceAccount()` is the JSON to upload for it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createVerify, generateKeyPairSync } from 'node:crypto'

export interface FakeFcm {
  url: string
  sent: Array<{ project: string; message: Record<string, unknown> & { token: string } }>
  serviceAccount(): string
  close(): Promise<void>
}

/** `port` 0 picks a free one; the browser tests use a fixed one the server's FCM_API_URL names. */
export async function startFakeFcm(port = 0): Promise<FakeFcm> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const sent: FakeFcm['sent'] = []
  let issued = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (d: Buffer) => chunks.push(d))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString()
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (req.url === '/token') {
        const [h, c, s] = (new URLSearchParams(raw).get('assertion') ?? '').split('.')
        const ok =
          !!h &&
          !!c &&
          !!s &&
          createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s, 'base64url'))
        if (!ok) return json(400, { error: 'invalid_grant' })
        return json(200, { access_token: `ya29.fake-${++issued}`, expires_in: 3599, token_type: 'Bearer' })
      }
      const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '')
      if (!m || req.method !== 'POST') return json(404, { error: { code: 404, status: 'NOT_FOUND' } })
      if (!/^Bearer ya29\.fake-\d+$/.test(req.headers.authorization ?? ''))
        return json(401, { error: { code: 401, status: 'UNAUTHENTICATED' } })
      const message = (JSON.parse(raw) as { message: FakeFcm['sent'][number]['message'] }).message
      if (message.token.startsWith('gone-'))
        return json(404, {
          error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] },
        })
      sent.push({ project: m[1]!, message })
      return json(200, { name: `projects/${m[1]}/messages/${sent.length}` })
    })
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    sent,
    serviceAccount: () =>
      JSON.stringify({
        type: 'service_account',
        project_id: 'demo-shop',
        private_key_id: 'k1',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: 'push@demo-shop.iam.gserviceaccount.com',
        token_uri: `${url}/token`,
      }),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
