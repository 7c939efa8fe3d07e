// A small parser for the inbound mail shapes we act on (no MIME library is installed): RFC 3464
// delivery status notifications (multipart/report; report-type=delivery-status), RFC 5965 ARF
// feedback reports (report-type=feedback-report) and the mailto unsubscribe of RFC 2369
// (Subject "unsubscribe <token>"). It reads headers (unfolded, RFC 2047 words decoded),
// nested multiparts, and base64 / quoted-printable bodies; anything else is 'unknown'.
import { createHash } from 'node:crypto'

export interface Headers {
  [lowerName: string]: string[]
}
interface Part {
  headers: Headers
  body: string
}

export type DsnBounce = 'hard' | 'soft' | 'delivered' | null
export interface DsnRecipient {
  email: string
  action: string
  status: string | null
  diagnostic: string | null
  /** failed + 5.x.x = hard; failed + 4.x.x = soft; delivered/relayed = delivered; delayed = null (not final). */
  outcome: DsnBounce
}
export interface OriginalRef {
  sendId: string | null
  messageId: string | null
  to: string | null
}

export type InboundReport =
  | { kind: 'dsn'; id: string; recipients: DsnRecipient[]; original: OriginalRef }
  | { kind: 'arf'; id: string; feedbackType: string; email: string | null; original: OriginalRef }
  | { kind: 'unsubscribe'; id: string; token: string; from: string | null }
  | { kind: 'unknown'; id: string; reason: string }

function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _cs: string, enc: string, text: string) => {
    try {
      const buf =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(qpDecode(text.replace(/_/g, ' ')), 'latin1')
      return buf.toString('utf8')
    } catch {
      return text
    }
  })
}

function qpDecode(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
}

/** Headers and body of one entity (headers end at the first empty line). */
export function parseEntity(raw: string): Part {
  const text = raw.replace(/^\uFEFF/, '')
  const m = /\r?\n\r?\n/.exec(text)
  const head = m ? text.slice(0, m.index) : text
  const body = m ? text.slice(m.index + m[0].length) : ''
  return { headers: parseHeaderBlock(head), body }
}

/** "Name: value" lines with continuation lines folded in (also the fields of DSN/ARF blocks). */
export function parseHeaderBlock(block: string): Headers {
  const out: Headers = {}
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i <= 0) continue
    const name = line.slice(0, i).trim().toLowerCase()
    ;(out[name] ??= []).push(decodeWords(line.slice(i + 1).trim()))
  }
  return out
}

const first = (h: Headers, name: string) => h[name.toLowerCase()]?.[0] ?? null

function contentType(h: Headers): { type: string; params: Record<string, string> } {
  const v = first(h, 'content-type') ?? 'text/plain'
  const [type, ...rest] = v.split(';')
  const params: Record<string, string> = {}
  for (const p of rest) {
    const i = p.indexOf('=')
    if (i > 0)
      params[p.slice(0, i).trim().toLowerCase()] = p
        .slice(i + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1')
  }
  return { type: type!.trim().toLowerCase(), params }
}

function decodedBody(p: Part): string {
  const cte = (first(p.headers, 'content-transfer-encoding') ?? '').toLowerCase()
  if (cte === 'base64') return Buffer.from(p.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (cte === 'quoted-printable') return Buffer.from(qpDecode(p.body), 'latin1').toString('utf8')
  return p.body
}

function splitMultipart(body: string, boundary: string): string[] {
  const delim = '--' + boundary
  const parts: string[] = []
  const lines = body.split(/\r?\n/)
  let cur: string[] | null = null
  for (const line of lines) {
    if (line.startsWith(delim)) {
      if (cur) parts.push(cur.join('\n'))
      if (line.startsWith(delim + '--')) return parts
      cur = []
    } else if (cur) cur.push(line)
  }
  if (cur) parts.push(cur.join('\n'))
  return parts
}

/** The entity and every nested part, depth first. */
function walk(p: Part, out: Part[] = [], depth = 0): Part[] {
  out.push(p)
  const ct = contentType(p.headers)
  if (depth < 5 && ct.type.startsWith('multipart/') && ct.params.boundary) {
    for (const raw of splitMultipart(p.body, ct.params.boundary)) walk(parseEntity(raw), out, depth + 1)
  }
  return out
}

const address = (v: string | null): string | null => {
  if (!v) return null
  const s = v.includes(';') ? v.slice(v.indexOf(';') + 1) : v
  const m = /<([^>]+)>/.exec(s)
  const a = (m ? m[1]! : s).trim().toLowerCase()
  return /^[^\s@]+@[^\s@]+$/.test(a) ? a : null
}

function originalRef(parts: Part[]): OriginalRef {
  const orig = parts.find((p) =>
    ['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers'].includes(contentType(p.headers).type),
  )
  const h = orig ? parseEntity(decodedBody(orig)).headers : {}
  return { sendId: first(h, 'x-send-id'), messageId: first(h, 'message-id'), to: address(first(h, 'to')) }
}

function outcome(action: string, status: string | null): DsnBounce {
  const a = action.toLowerCase()
  if (a === 'delivered' || a === 'relayed' || a === 'expanded') return 'delivered'
  if (a !== 'failed') return null
  if (status?.startsWith('5')) return 'hard'
  if (status?.startsWith('4')) return 'soft'
  return 'hard'
}

function parseDeliveryStatus(text: string): DsnRecipient[] {
  // The per-message block, then one block per recipient, separated by empty lines.
  const blocks = text.split(/\r?\n\s*\r?\n/).map(parseHeaderBlock)
  const out: DsnRecipient[] = []
  for (const b of blocks) {
    const email = address(first(b, 'final-recipient')) ?? address(first(b, 'original-recipient'))
    const action = first(b, 'action')
    if (!email || !action) continue
    const status = /\d\.\d{1,3}\.\d{1,3}/.exec(first(b, 'status') ?? '')?.[0] ?? null
    out.push({
      email,
      action: action.toLowerCase(),
      status,
      diagnostic: first(b, 'diagnostic-code'),
      outcome: outcome(action, status),
    })
  }
  return out
}

/** The report's identity for de-duplication: its own Message-ID, else a digest of the whole text. */
const reportId = (raw: string, h: Headers) =>
  first(h, 'message-id') ?? 'sha256:' + createHash('sha256').update(raw).digest('hex')

export function parseInboundEmail(raw: string): InboundReport {
  const top = parseEntity(raw)
  const id = reportId(raw, top.headers)
  const parts = walk(top)
  const report = parts.find((p) => contentType(p.headers).type === 'multipart/report')
  if (report) {
    const rt = (contentType(report.headers).params['report-type'] ?? '').toLowerCase()
    if (rt === 'delivery-status') {
      const ds = parts.find((p) =>
        ['message/delivery-status', 'message/global-delivery-status'].includes(contentType(p.headers).type),
      )
      if (!ds)
        return { kind: 'unknown', id, reason: 'A delivery-status report without its message/delivery-status part.' }
      const recipients = parseDeliveryStatus(decodedBody(ds))
      if (!recipients.length) return { kind: 'unknown', id, reason: 'The delivery-status part names no recipient.' }
      return { kind: 'dsn', id, recipients, original: originalRef(parts) }
    }
    if (rt === 'feedback-report') {
      const fr = parts.find((p) => contentType(p.headers).type === 'message/feedback-report')
      if (!fr) return { kind: 'unknown', id, reason: 'A feedback report without its message/feedback-report part.' }
      const f = parseHeaderBlock(decodedBody(fr))
      const original = originalRef(parts)
      const email = address(first(f, 'original-rcpt-to')) ?? address(first(f, 'removal-recipient')) ?? original.to
      return { kind: 'arf', id, feedbackType: (first(f, 'feedback-type') ?? 'abuse').toLowerCase(), email, original }
    }
    return { kind: 'unknown', id, reason: `Unsupported report type "${rt}".` }
  }
  const subject = (first(top.headers, 'subject') ?? '').trim()
  const m = /^unsubscribe\s+(\S+)$/i.exec(subject)
  if (m) return { kind: 'unsubscribe', id, token: m[1]!, from: address(first(top.headers, 'from')) }
  return {
    kind: 'unknown',
    id,
    reason: 'Neither a delivery status notification, a feedback report nor an unsubscribe request.',
  }
}
