// Amazon SNS message signatures (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) over the
// canonical string of the message's fields. The signing certificate is fetched only from an
// https URL on an SNS host of AWS and cached per URL. Turned on by SES_VERIFY_SNS_SIGNATURE=1
// (it needs outbound access to AWS); the per-company URL token is checked either way.
import { createVerify } from 'node:crypto'
import { safeFetch } from '@/lib/net/safe-fetch'
import type { SnsEnvelope } from './ses'

const NOTIFICATION_FIELDS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const
const SUBSCRIPTION_FIELDS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const

export function snsCanonicalString(m: Record<string, unknown>): string {
  const fields = m.Type === 'Notification' ? NOTIFICATION_FIELDS : SUBSCRIPTION_FIELDS
  let out = ''
  for (const f of fields) {
    const v = m[f]
    if (v === undefined || v === null) continue
    out += `${f}\n${String(v)}\n`
  }
  return out
}

export function isAwsCertUrl(u: unknown): u is string {
  if (typeof u !== 'string') return false
  try {
    const url = new URL(u)
    return (
      url.protocol === 'https:' &&
      /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname) &&
      url.pathname.endsWith('.pem')
    )
  } catch {
    return false
  }
}

const certs = new Map<string, Promise<string>>()

async function fetchCert(url: string): Promise<string> {
  // Through the guarded fetcher like every outbound call: a PEM certificate is a few KB, so a
  // host that answers endlessly cannot fill memory, and no redirect leaves the SNS host.
  const res = await safeFetch(url, { purpose: 'provider', httpsOnly: true, timeoutMs: 10_000, maxBytes: 64 * 1024 })
  if (!res.ok) throw new Error(`SNS certificate ${url}: HTTP ${res.status}`)
  return res.text()
}

/** Whether the message carries a genuine SNS signature. `getCert` is for tests (a PEM certificate or public key). */
export async function verifySnsSignature(
  env: SnsEnvelope,
  getCert: (url: string) => Promise<string> = (u) => {
    let p = certs.get(u)
    if (!p) certs.set(u, (p = fetchCert(u).catch((e) => (certs.delete(u), Promise.reject(e)))))
    return p
  },
): Promise<boolean> {
  const m = env as Record<string, unknown>
  const version = String(m.SignatureVersion ?? '1')
  if ((version !== '1' && version !== '2') || typeof m.Signature !== 'string' || !isAwsCertUrl(m.SigningCertURL))
    return false
  try {
    const pem = await getCert(m.SigningCertURL)
    const v = createVerify(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
    v.update(snsCanonicalString(m))
    return v.verify(pem, m.Signature, 'base64')
  } catch {
    return false
  }
}

export const snsSignatureRequired = () => process.env.SES_VERIFY_SNS_SIGNATURE === '1'
