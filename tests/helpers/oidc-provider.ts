// A local OpenID Connect provider for the SSO tests: /authorize checks the request (client,
// redirect URI, S256 code challenge, nonce, state) and redirects back with a one-use code;
// /token checks the client secret, the redirect URI and the PKCE code verifier, and answers with
// an ID token (iss, aud, exp, nonce, email). Knobs make the next answer wrong on purpose.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHash, createHmac, randomBytes } from 'node:crypto'

export interface OidcAnswer {
  email: string
  issuer?: string
  audience?: string
  nonce?: string
  expiresInS?: number
}

export interface LocalOidc {
  issuer: string
  authorizationUrl: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  answer: OidcAnswer
  /** Token requests refused, with the reason (a wrong verifier shows up here). */
  refusals: string[]
  close(): Promise<void>
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url')

export async function startLocalOidc(answer: OidcAnswer): Promise<LocalOidc> {
  const op = { answer, refusals: [] as string[], clientId: 'client-' + randomBytes(4).toString('hex') } as LocalOidc
  op.clientSecret = randomBytes(16).toString('hex')
  const codes = new Map<string, { challenge: string; nonce: string; redirectUri: string }>()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', op.issuer)
    if (url.pathname === '/authorize') {
      const q = url.searchParams
      if (
        q.get('response_type') !== 'code' ||
        q.get('client_id') !== op.clientId ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge') ||
        !q.get('state') ||
        !q.get('nonce')
      )
        return void res.writeHead(400).end('bad authorization request')
      const code = randomBytes(12).toString('hex')
      codes.set(code, {
        challenge: q.get('code_challenge')!,
        nonce: q.get('nonce')!,
        redirectUri: q.get('redirect_uri')!,
      })
      const back = new URL(q.get('redirect_uri')!)
      back.searchParams.set('code', code)
      back.searchParams.set('state', q.get('state')!)
      return void res.writeHead(302, { location: back.toString() }).end()
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = ''
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          const f = new URLSearchParams(body)
          const grant = codes.get(f.get('code') ?? '')
          codes.delete(f.get('code') ?? '')
          const refuse = (why: string) => {
            op.refusals.push(why)
            res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }))
          }
          if (!grant) return refuse('unknown code')
          if (f.get('client_id') !== op.clientId || f.get('client_secret') !== op.clientSecret) return refuse('client')
          if (f.get('redirect_uri') !== grant.redirectUri) return refuse('redirect_uri')
          if (
            b64url(
              createHash('sha256')
                .update(f.get('code_verifier') ?? '')
                .digest(),
            ) !== grant.challenge
          )
            return refuse('code_verifier')
          const a = op.answer
          const now = Math.floor(Date.now() / 1000)
          const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
          const payload = b64url(
            JSON.stringify({
              iss: a.issuer ?? op.issuer,
              aud: a.audience ?? op.clientId,
              sub: a.email,
              email: a.email,
              email_verified: true,
              nonce: a.nonce ?? grant.nonce,
              iat: now,
              exp: now + (a.expiresInS ?? 300),
            }),
          )
          const sig = b64url(createHmac('sha256', op.clientSecret).update(`${header}.${payload}`).digest())
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              access_token: randomBytes(8).toString('hex'),
              token_type: 'Bearer',
              id_token: `${header}.${payload}.${sig}`,
            }),
          )
        })
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  op.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  op.authorizationUrl = `${op.issuer}/authorize`
  op.tokenUrl = `${op.issuer}/token`
  op.close = () => new Promise<void>((r) => server.close(() => r()))
  return op
}
