// Reads what the SP needs from an identity provider's SAML metadata XML: its entity id, the
// single sign-on URL (HTTP-Redirect binding preferred, else HTTP-POST) and its signing
// certificates. Only these three are taken; the signature checks themselves are node-saml's.
import { X509Certificate } from 'node:crypto'

export interface IdpFields {
  idpEntityId: string
  idpSsoUrl: string
  certificates: string[]
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1]

export function parseIdpMetadata(xml: string): Partial<IdpFields> {
  const descriptor = /<(?:[\w-]+:)?EntityDescriptor\b[^>]*>/.exec(xml)?.[0]
  const idp = /<(?:[\w-]+:)?IDPSSODescriptor\b[\s\S]*?<\/(?:[\w-]+:)?IDPSSODescriptor>/.exec(xml)?.[0] ?? xml
  const services = [...idp.matchAll(/<(?:[\w-]+:)?SingleSignOnService\b[^>]*>/g)].map((m) => m[0])
  const pick =
    services.find((s) => attr(s, 'Binding')?.endsWith('HTTP-Redirect')) ??
    services.find((s) => attr(s, 'Binding')?.endsWith('HTTP-POST'))
  // Signing keys only: a KeyDescriptor with use="encryption" is not for checking signatures.
  const keys = [...idp.matchAll(/<(?:[\w-]+:)?KeyDescriptor\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?KeyDescriptor>/g)]
    .filter((m) => attr(m[1]!, 'use') !== 'encryption')
    .flatMap((m) => [...m[2]!.matchAll(/<(?:[\w-]+:)?X509Certificate>([\s\S]*?)<\/(?:[\w-]+:)?X509Certificate>/g)])
    .map((m) => m[1]!.replace(/\s+/g, ''))
  return {
    idpEntityId: descriptor ? attr(descriptor, 'entityID') : undefined,
    idpSsoUrl: pick ? attr(pick, 'Location') : undefined,
    certificates: keys.length ? [...new Set(keys)] : undefined,
  }
}

/** A certificate as PEM, or null when it is not one (base64 body or PEM accepted). */
export function certificatePem(input: string): string | null {
  const body = input
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim()
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`
  try {
    new X509Certificate(pem)
    return pem
  } catch {
    return null
  }
}
