/** @jest-environment node */
// Sending domains (/settings/account/domains behind /ajax/account/email/domains): the DKIM key
// generated in the app (private key sealed at rest), the DNS records shown, the "check DNS"
// action against a real (local) DNS server, mail signed by the pipeline and received by a real
// SMTP server verifying with the published key, and one company never reaching another's domain.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { headerOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink'
import { startDnsTxtServer, type DnsTxtServer } from '../helpers/dns-txt-server'
import { GET as listDomains, POST as addDomain } from '@/app/ajax/account/email/domains/route'
import { DELETE as deleteDomain } from '@/app/ajax/account/email/domains/[id]/route'
import { POST as checkDomain } from '@/app/ajax/account/email/domains/[id]/check/route'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends, type CreateSendsInput } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { forgetEmailConfig } from '@/lib/messaging/email-settings/email-config'
import { verifyDkim } from '@/lib/messaging/dkim/verify-dkim'
import { ulid } from '@/lib/ids/make-id'

type Handler = (r: Request, c?: never) => Promise<Response>
async function call(
  handler: Handler,
  path: string,
  cookie: string,
  o: { method?: string; body?: unknown; id?: number } = {},
) {
  const req = ajaxRequest(path, { method: o.method ?? (o.body === undefined ? 'GET' : 'POST'), cookie, body: o.body })
  const res = await (handler as (r: Request, c?: unknown) => Promise<Response>)(
    req,
    o.id === undefined ? undefined : params({ id: String(o.id) }),
  )
  return { status: res.status, json: await res.json() }
}
async function account() {
  const company = await makeCompany()
  const user = await makeUser({ companyId: company.id })
  return { company, cookie: await signIn(user.id, company.id) }
}

let smtp: SmtpSink
let dns: DnsTxtServer
beforeAll(async () => {
  smtp = await startSmtpSink()
  dns = await startDnsTxtServer()
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`
})
afterAll(async () => {
  delete process.env.DNS_SERVERS
  closeSmtpTransports()
  await smtp.close()
  await dns.close()
})
beforeEach(() => {
  process.env.SMTP_URL = smtp.url
  process.env.APP_URL = 'https://app.example.test'
  delete process.env.SPF_INCLUDE
  forgetEmailConfig()
})

async function send(companyId: number, email: string, fromEmail: string) {
  const profileId = (await upsertProfile(companyId, { email }, { mode: 'import' })).profile.id
  const input: CreateSendsInput = {
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: ulid(),
    content: {
      subject: 'Spring   sale',
      html: '<p>Hello {{ email }},  \n  see   our sale</p>\n\n',
      fromEmail,
      fromName: 'Acme',
    },
    recipients: [{ profileId }],
  }
  await createSends(input)
  await deliverSends(input)
  const mail = smtp.mails.find((m) => m.to[0] === email)
  if (!mail) throw new Error('not received: ' + email)
  return mail
}

test('adding a domain: field errors, a generated key sealed at rest, and the DKIM, SPF and DMARC records', async () => {
  process.env.SPF_INCLUDE = 'spf.mailer.example'
  const { company, cookie } = await account()
  for (const bad of ['https://acme.example', 'news@acme.example', 'acme', '']) {
    const r = await call(addDomain, '/ajax/account/email/domains', cookie, { body: { domain: bad } })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors.domain).toEqual(['Enter a domain such as mail.example.com (no http://, no @).'])
  }
  const r = await call(addDomain, '/ajax/account/email/domains', cookie, { body: { domain: 'Mail.Acme.Example.' } })
  expect(r.status).toBe(201)
  const d = r.json.domain
  expect(d).toMatchObject({ domain: 'mail.acme.example', verified: false, lastCheckAt: null })
  expect(d.selector).toMatch(/^ma\d{6}$/)
  const row = await db.sendingDomain.findFirstOrThrow({ where: { companyId: company.id } })
  expect(row.privateKey).toMatch(/^s1\./)
  expect(row.privateKey).not.toContain('PRIVATE KEY')
  expect(JSON.stringify(r.json)).not.toContain(row.privateKey.slice(3, 30))
  expect(d.records).toEqual([
    {
      kind: 'dkim',
      type: 'TXT',
      name: `${d.selector}._domainkey.mail.acme.example`,
      value: `v=DKIM1; k=rsa; p=${row.publicKey}`,
      status: 'unchecked',
      found: [],
    },
    {
      kind: 'spf',
      type: 'TXT',
      name: 'mail.acme.example',
      value: 'v=spf1 mx include:spf.mailer.example ~all',
      status: 'unchecked',
      found: [],
    },
    {
      kind: 'dmarc',
      type: 'TXT',
      name: '_dmarc.mail.acme.example',
      value: 'v=DMARC1; p=none; rua=mailto:dmarc-reports@mail.acme.example',
      status: 'unchecked',
      found: [],
    },
  ])
  expect(Buffer.from(row.publicKey, 'base64').length).toBeGreaterThan(290) // RSA-2048 SPKI
  const again = await call(addDomain, '/ajax/account/email/domains', cookie, { body: { domain: 'mail.acme.example' } })
  expect(again.json.fieldErrors).toEqual({ domain: ['This domain is already added.'] })
  expect(
    (await call(listDomains, '/ajax/account/email/domains', cookie)).json.domains.map(
      (x: { domain: string }) => x.domain,
    ),
  ).toEqual(['mail.acme.example'])
})

test('check DNS against a real DNS server: missing, then published records verify the domain', async () => {
  const { cookie } = await account()
  const d = (await call(addDomain, '/ajax/account/email/domains', cookie, { body: { domain: 'shop.dns.example' } }))
    .json.domain
  const first = await call(checkDomain, '/ajax/account/email/domains/x/check', cookie, { method: 'POST', id: d.id })
  expect(first.status).toBe(200)
  expect(first.json.domain.verified).toBe(false)
  expect(first.json.domain.records.map((r: { status: string }) => r.status)).toEqual(['missing', 'missing', 'missing'])

  // A stale key at the DKIM name is a mismatch; the right one (split in 255-byte strings, as DNS does) verifies.
  const [dkim, spf, dmarc] = d.records as Array<{ name: string; value: string }>
  dns.records.set(dkim!.name, ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAstale'])
  dns.records.set(spf!.name, ['google-site-verification=abc', 'v=spf1 mx ~all'])
  const stale = await call(checkDomain, '/ajax/account/email/domains/x/check', cookie, { method: 'POST', id: d.id })
  expect(stale.json.domain.records.map((r: { status: string }) => r.status)).toEqual(['mismatch', 'ok', 'missing'])
  expect(stale.json.domain.records[1].found).toEqual(['v=spf1 mx ~all'])
  dns.records.set(dkim!.name, [dkim!.value])
  dns.records.set(dmarc!.name, [dmarc!.value])
  const ok = await call(checkDomain, '/ajax/account/email/domains/x/check', cookie, { method: 'POST', id: d.id })
  expect(ok.json.domain.verified).toBe(true)
  expect(ok.json.domain.records.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok', 'ok'])
  expect(ok.json.domain.lastCheckAt).toEqual(expect.any(String))
  const listed = (await call(listDomains, '/ajax/account/email/domains', cookie)).json.domains[0]
  expect(listed).toMatchObject({ verified: true, records: [{ status: 'ok' }, { status: 'ok' }, { status: 'ok' }] })
})

test('mail from a sending domain is DKIM-signed and verifies with the published key; other domains are not signed', async () => {
  const { company, cookie } = await account()
  const d = (await call(addDomain, '/ajax/account/email/domains', cookie, { body: { domain: 'signed.example' } })).json
    .domain
  const { publicKey } = await db.sendingDomain.findFirstOrThrow({ where: { companyId: company.id } })
  const mail = await send(company.id, 'ada@x.test', 'news@signed.example')
  const sig = headerOf(mail.raw, 'DKIM-Signature')
  expect(sig).toContain('d=signed.example')
  expect(sig).toContain(`s=${d.selector}`)
  const result = verifyDkim(mail.raw, publicKey)
  expect(result).toMatchObject({ ok: true, domain: 'signed.example', selector: d.selector })
  expect(result.signedHeaders!.map((h) => h.toLowerCase())).toEqual(
    expect.arrayContaining(['from', 'subject', 'to', 'message-id']),
  )
  // The verifier is real: a changed body or subject, or another key, fails.
  // The change goes in the body only: the headers carry random text (the signature's base64, ids)
  // that may contain the same letters, and a changed header is a signature mismatch instead.
  const cut = mail.raw.indexOf('\r\n\r\n') + 4
  const changedBody = mail.raw.slice(0, cut) + mail.raw.slice(cut).replace('see', 'saw')
  expect(cut).toBeGreaterThan(4)
  expect(changedBody).not.toBe(mail.raw)
  expect(verifyDkim(changedBody, publicKey)).toMatchObject({
    ok: false,
    reason: 'body hash mismatch',
  })
  expect(verifyDkim(mail.raw.replace(/^Subject: .*$/m, 'Subject: Free money'), publicKey)).toMatchObject({
    ok: false,
    reason: 'signature mismatch',
  })
  const other = await account()
  await call(addDomain, '/ajax/account/email/domains', other.cookie, { body: { domain: 'signed.example' } })
  const otherKey = (await db.sendingDomain.findFirstOrThrow({ where: { companyId: other.company.id } })).publicKey
  expect(verifyDkim(mail.raw, otherKey)).toMatchObject({ ok: false, reason: 'signature mismatch' })

  const unsigned = await send(company.id, 'bob@x.test', 'news@elsewhere.example')
  expect(headerOf(unsigned.raw, 'DKIM-Signature')).toBeUndefined()
  // The company default sender picks the key as well.
  await db.emailSettings.create({ data: { companyId: company.id, defaultFromEmail: 'hello@signed.example' } })
  forgetEmailConfig()
  const byDefault = await send(company.id, 'cy@x.test', '')
  expect(verifyDkim(byDefault.raw, publicKey)).toMatchObject({ ok: true, domain: 'signed.example' })
})

test('cross-company: another company cannot list, check, delete or sign with a domain it does not own', async () => {
  const a = await account()
  const b = await account()
  const d = (await call(addDomain, '/ajax/account/email/domains', a.cookie, { body: { domain: 'only-a.example' } }))
    .json.domain
  expect((await call(listDomains, '/ajax/account/email/domains', b.cookie)).json.domains).toEqual([])
  expect(
    (await call(checkDomain, '/ajax/account/email/domains/x/check', b.cookie, { method: 'POST', id: d.id })).status,
  ).toBe(404)
  expect(
    (await call(deleteDomain, '/ajax/account/email/domains/x', b.cookie, { method: 'DELETE', id: d.id })).status,
  ).toBe(404)
  expect(await db.sendingDomain.count({ where: { id: d.id } })).toBe(1)
  const mail = await send(b.company.id, 'eve@x.test', 'news@only-a.example')
  expect(headerOf(mail.raw, 'DKIM-Signature')).toBeUndefined()
  expect(
    (await call(deleteDomain, '/ajax/account/email/domains/x', a.cookie, { method: 'DELETE', id: d.id })).json,
  ).toEqual({ deleted: true })
  expect(await db.sendingDomain.count({ where: { id: d.id } })).toBe(0)
  expect(
    (await call(deleteDomain, '/ajax/account/email/domains/x', a.cookie, { method: 'DELETE', id: 999999 })).status,
  ).toBe(404)
})
