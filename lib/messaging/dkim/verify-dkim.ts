// Verifying a DKIM-Signature (RFC 6376, rsa-sha256 with simple or relaxed canonicalization) on a
// raw message: for checking our own signing end to end (tests, the domains screen's self-test)
// and inbound mail later. The public key comes from the caller (a DNS lookup, or our own row).
import { createHash, createPublicKey, verify } from 'node:crypto'
import { parseTags } from './dkim-key'

export interface DkimVerifyResult {
  ok: boolean
  reason?: string
  domain?: string
  selector?: string
  signedHeaders?: string[]
}

interface Header {
  name: string
  /** The whole header as it appeared, folds included, without the final CRLF. */
  raw: string
}

function splitMessage(raw: string): { headers: Header[]; body: string } {
  const msg = raw.replace(/\r?\n/g, '\r\n')
  const end = msg.indexOf('\r\n\r\n')
  const head = end < 0 ? msg : msg.slice(0, end)
  const body = end < 0 ? '' : msg.slice(end + 4)
  const headers: Header[] = []
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1]!.raw += '\r\n' + line
    else if (line) headers.push({ name: line.slice(0, Math.max(0, line.indexOf(':'))).trim(), raw: line })
  }
  return { headers, body }
}

function canonHeader(raw: string, mode: string): string {
  if (mode === 'simple') return raw
  const colon = raw.indexOf(':')
  const name = raw.slice(0, colon).trim().toLowerCase()
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()
  return `${name}:${value}`
}

function canonBody(body: string, mode: string): string {
  let b = body
  if (mode === 'relaxed')
    b = b
      .split('\r\n')
      .map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
      .join('\r\n')
  b = b.replace(/(\r\n)*$/, '')
  if (mode === 'relaxed') return b ? b + '\r\n' : ''
  return b + '\r\n'
}

/** Checks the first DKIM-Signature of `raw` against `publicKey` (base64 SPKI, the p= tag). */
export function verifyDkim(raw: string, publicKey: string): DkimVerifyResult {
  const { headers, body } = splitMessage(raw)
  const sigHeader = headers.find((h) => h.name.toLowerCase() === 'dkim-signature')
  if (!sigHeader) return { ok: false, reason: 'no DKIM-Signature header' }
  const tags = parseTags(sigHeader.raw.slice(sigHeader.raw.indexOf(':') + 1))
  const [hMode = 'simple', bMode = 'simple'] = (tags.c ?? 'simple/simple').toLowerCase().split('/')
  const base = {
    domain: tags.d,
    selector: tags.s,
    signedHeaders: (tags.h ?? '')
      .split(':')
      .map((h) => h.trim())
      .filter(Boolean),
  }
  if (tags.a !== 'rsa-sha256') return { ok: false, reason: `unsupported algorithm ${tags.a}`, ...base }
  let canonicalBody = canonBody(body, bMode === 'relaxed' ? 'relaxed' : 'simple')
  if (tags.l) canonicalBody = canonicalBody.slice(0, Number(tags.l))
  if (createHash('sha256').update(canonicalBody).digest('base64') !== tags.bh)
    return { ok: false, reason: 'body hash mismatch', ...base }

  // Each name in h= takes the last not-yet-used header of that name (RFC 6376 §5.4.2).
  const used = new Set<Header>()
  const lines: string[] = []
  for (const name of base.signedHeaders) {
    const h = [...headers]
      .reverse()
      .find((x) => x.name.toLowerCase() === name.toLowerCase() && !used.has(x) && x !== sigHeader)
    if (!h) continue
    used.add(h)
    lines.push(canonHeader(h.raw, hMode === 'relaxed' ? 'relaxed' : 'simple') + '\r\n')
  }
  const unsigned = sigHeader.raw.replace(/(b=)[^;]*/g, (m, p1: string, offset: number) => {
    // Only the b= tag itself, not bh=.
    const before = sigHeader.raw.slice(0, offset)
    return /[;:\s]$/.test(before) ? p1 : m
  })
  lines.push(canonHeader(unsigned, hMode === 'relaxed' ? 'relaxed' : 'simple'))
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
    const ok = verify('sha256', Buffer.from(lines.join('')), key, Buffer.from(tags.b ?? '', 'base64'))
    return ok ? { ok: true, ...base } : { ok: false, reason: 'signature mismatch', ...base }
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e), ...base }
  }
}
