// DKIM keys made in the app: an RSA-2048 pair per sending domain (the private key sealed at rest
// by the caller), and the DNS records the domain's owner publishes: the DKIM key at
// {selector}._domainkey.{domain}, an SPF record with the include of the server that sends, and
// a DMARC policy to start with (p=none: reports only).
import { generateKeyPairSync } from 'node:crypto'

export interface DkimKeyPair {
  selector: string
  /** PKCS#8 PEM. */
  privateKey: string
  /** base64 of the DER SubjectPublicKeyInfo: the p= tag. */
  publicKey: string
}

/** A fresh key pair; the selector names its month, so a rotated key gets a new DNS name. */
export function generateDkimKey(now: Date = new Date()): DkimKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    selector: `ma${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  }
}

export type DnsRecordKind = 'dkim' | 'spf' | 'dmarc'

export interface DnsRecord {
  kind: DnsRecordKind
  type: 'TXT'
  name: string
  value: string
}

export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`

/** The records to publish for a domain; `spfInclude` is the sending server's SPF domain (null: none to add). */
export function dnsRecords(
  d: { domain: string; selector: string; publicKey: string },
  spfInclude: string | null,
): DnsRecord[] {
  return [
    { kind: 'dkim', type: 'TXT', name: `${d.selector}._domainkey.${d.domain}`, value: dkimRecordValue(d.publicKey) },
    { kind: 'spf', type: 'TXT', name: d.domain, value: `v=spf1 mx${spfInclude ? ` include:${spfInclude}` : ''} ~all` },
    {
      kind: 'dmarc',
      type: 'TXT',
      name: `_dmarc.${d.domain}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${d.domain}`,
    },
  ]
}

/** The TXT tags of a DKIM or DMARC record (k=v; …), keys lower-cased, whitespace removed from values. */
export function parseTags(record: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of record.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    out[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).replace(/\s+/g, '')
  }
  return out
}
