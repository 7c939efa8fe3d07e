// A local SAML identity provider for the SSO tests: an HTTP server on 127.0.0.1 that takes the
// SP's AuthnRequest (HTTP-Redirect binding: deflated, base64 SAMLRequest), and answers with the
// auto-posting form a browser would get, carrying a Response whose Assertion is signed (RSA-SHA256,
// exclusive c14n, enveloped) with a key and self-signed certificate made for the test run. Knobs
// make it answer badly on purpose: another signing key, another audience, an expired window,
// a tampered assertion.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { inflateRawSync } from 'node:zlib'
import { SignedXml } from 'xml-crypto'

export interface KeyPair {
  key: string
  cert: string
  /** The certificate's base64 body, as IdP metadata carries it. */
  certBody: string
}

/** An RSA key and a self-signed certificate (openssl: node:crypto cannot issue certificates). */
export function makeKeyPair(cn = 'test-idp'): KeyPair {
  const dir = mkdtempSync(path.join(tmpdir(), 'saml-idp-'))
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${cn}`],
    {
      stdio: 'ignore',
    },
  )
  const certPem = readFileSync(cert, 'utf8')
  return {
    key: readFileSync(key, 'utf8'),
    cert: certPem,
    certBody: certPem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''),
  }
}

export interface AnswerOptions {
  email: string
  /** Sign with this pair instead of the IdP's own (a bad signature). */
  signWith?: KeyPair
  audience?: string
  /** Shift the assertion's validity window (ms; negative: in the past). */
  shiftMs?: number
  /** Change the e-mail after signing (a tampered assertion). */
  tamperEmail?: string
  /** Leave InResponseTo out / set another one. */
  inResponseTo?: string | null
  assertionId?: string
}

export interface AuthnRequestInfo {
  id: string
  issuer: string
  acs: string
}

const iso = (ms: number) => new Date(ms).toISOString()

export function readAuthnRequest(url: string): AuthnRequestInfo & { relayState: string } {
  const u = new URL(url)
  const xml = inflateRawSync(Buffer.from(u.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8')
  return {
    id: /\sID="([^"]+)"/.exec(xml)![1]!,
    issuer: /<(?:saml:)?Issuer[^>]*>([^<]+)</.exec(xml)![1]!,
    acs: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)![1]!,
    relayState: u.searchParams.get('RelayState') ?? '',
  }
}

export function signedResponse(
  idp: { entityId: string; pair: KeyPair },
  req: AuthnRequestInfo,
  o: AnswerOptions,
): string {
  const now = Date.now() + (o.shiftMs ?? 0)
  const assertionId = o.assertionId ?? '_a' + randomBytes(10).toString('hex')
  const inResponseTo = o.inResponseTo === undefined ? req.id : o.inResponseTo
  const irt = inResponseTo ? ` InResponseTo="${inResponseTo}"` : ''
  const audience = o.audience ?? req.issuer
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${idp.entityId}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData${irt} NotOnOrAfter="${iso(now + 5 * 60_000)}" Recipient="${req.acs}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${iso(now + 5 * 60_000)}">` +
    `<saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${assertionId}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement></saml:Assertion>`
  const pair = o.signWith ?? idp.pair
  const sig = new SignedXml({
    privateKey: pair.key,
    publicCert: pair.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  })
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  })
  sig.computeSignature(assertion, { location: { reference: "//*[local-name(.)='Issuer']", action: 'after' } })
  let signed = sig.getSignedXml()
  if (o.tamperEmail) signed = signed.replace(`>${o.email}<`, `>${o.tamperEmail}<`)
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"` +
    ` ID="_r${randomBytes(10).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${req.acs}"${irt}>` +
    `<saml:Issuer>${idp.entityId}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    signed +
    `</samlp:Response>`
  return Buffer.from(response, 'utf8').toString('base64')
}

export interface LocalIdp {
  url: string
  ssoUrl: string
  entityId: string
  pair: KeyPair
  /** The IdP metadata XML to paste into /sso/setup. */
  metadata: string
  /** What the next sign-in answers with (the user "logged in" at the IdP). */
  answer: AnswerOptions
  close(): Promise<void>
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export async function startLocalIdp(answer: AnswerOptions): Promise<LocalIdp> {
  const pair = makeKeyPair()
  const idp = { answer } as LocalIdp
  const server = http.createServer((req, res) => {
    try {
      const full = `${idp.url}${req.url}`
      const request = readAuthnRequest(full)
      const body = signedResponse({ entityId: idp.entityId, pair }, request, idp.answer)
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escape(request.acs)}">` +
          `<input type="hidden" name="SAMLResponse" value="${body}"/>` +
          `<input type="hidden" name="RelayState" value="${escape(request.relayState)}"/>` +
          `<noscript><button type="submit">Continue</button></noscript></form></body></html>`,
      )
    } catch (e) {
      res.writeHead(400).end(String(e))
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  idp.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  idp.ssoUrl = `${idp.url}/sso`
  idp.entityId = `${idp.url}/metadata`
  idp.pair = pair
  idp.metadata =
    `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idp.entityId}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>` +
    `<ds:X509Certificate>${pair.certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoUrl}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`
  idp.close = () => new Promise<void>((r) => server.close(() => r()))
  return idp
}

/** What a browser does with the IdP's page: the form's action and fields. */
export function readAutoPostForm(html: string): { action: string; SAMLResponse: string; RelayState: string } {
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  return {
    action: unescape(/action="([^"]+)"/.exec(html)![1]!),
    SAMLResponse: field('SAMLResponse'),
    RelayState: unescape(field('RelayState')),
  }
}
