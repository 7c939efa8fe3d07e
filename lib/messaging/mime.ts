// The MIME source of a rendered email, built in one pass into one Buffer (RFC 5322 headers,
// RFC 2047 encoded words, multipart/alternative with quoted-printable text and HTML parts), so
// the SMTP transport hands the whole message to the socket at once (sendSmtp's `raw`).
//
// Why not nodemailer's composer: it builds a tree of streams per message (a random boundary
// from the CSPRNG, a quoted-printable transform, one socket write per small chunk); in the
// delivery worker that was a third of the CPU spent per email (bench/messaging.mts). Here the
// boundary comes from the Send id (it contains "=_", which quoted-printable output can never
// contain, so it cannot collide with a part), and the encoders work on bytes.
//
// Only the common case is built here: ASCII addresses (a display name may be any text). A
// message outside it (an internationalized address) returns null and goes through nodemailer's
// composer instead. DKIM signing is applied to the raw source by nodemailer as before.

import type { SmtpMessage } from './email-transport'

/** A rendered email (render-email.ts), as the transport sends it. */
export type MimeInput = SmtpMessage

const CRLF = '\r\n'
const ASCII_ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/
const NON_ASCII = /[^\x00-\x7f]/

/** `"Name" <a@b>`, `Name <a@b>` or `a@b` → [name, address]; null when not a plain ASCII address. */
export function splitMailbox(v: string): [string, string] | null {
  const s = v.trim()
  const m = /^(?:"((?:[^"\\]|\\.)*)"|([^<"]*?))\s*<([^<>\s]+)>$/.exec(s)
  const [name, address] = m ? [(m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1').trim(), m[3]!] : ['', s]
  return ASCII_ADDRESS.test(address) ? [name, address] : null
}

/** RFC 2047 encoded words (UTF-8, base64), each at most 68 characters (a header line stays within 78), split on whole characters. */
export function encodeWords(s: string): string {
  const words: string[] = []
  let chunk = ''
  let bytes = 0
  for (const ch of s) {
    const n = Buffer.byteLength(ch)
    if (bytes + n > 42) {
      words.push(chunk)
      chunk = ''
      bytes = 0
    }
    chunk += ch
    bytes += n
  }
  if (chunk) words.push(chunk)
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(CRLF + ' ')
}

/** A header value with no line breaks; encoded words when it is not ASCII; folded at spaces past 76 columns. */
export function headerValue(name: string, value: string): string {
  const v = value.replace(/[\r\n]+/g, ' ')
  if (NON_ASCII.test(v)) return encodeWords(v)
  if (name.length + 2 + v.length <= 76) return v
  // Fold at spaces: a folded line break stands in for one space (unfolding gives it back).
  const words = v.split(' ')
  let out = words[0]!
  let line = name.length + 2 + out.length
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!
    if (line + 1 + w.length > 76) {
      out += CRLF + ' ' + w
      line = 1 + w.length
    } else {
      out += ' ' + w
      line += 1 + w.length
    }
  }
  return out
}

function mailbox(v: string): string | null {
  const mb = splitMailbox(v)
  if (!mb) return null
  const [name, address] = mb
  if (!name) return address
  const shown = NON_ASCII.test(name)
    ? encodeWords(name)
    : /^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name)
      ? name
      : `"${name.replace(/["\\]/g, '\\$&')}"`
  return `${shown} <${address}>`
}

const HEX = '0123456789ABCDEF'

/**
 * Quoted-printable (RFC 2045 §6.7) of a UTF-8 text: line breaks become CRLF, '=' and bytes
 * outside printable ASCII are escaped, a space or tab before a line break is escaped, and
 * lines are wrapped with soft breaks at 76 characters.
 */
export function quotedPrintable(text: string): Buffer {
  const src = Buffer.from(text, 'utf8')
  const out = Buffer.allocUnsafe(src.length * 3 + Math.ceil((src.length * 3) / 73) * 3 + 2)
  let o = 0
  let col = 0
  const softBreak = () => {
    out[o++] = 0x3d
    out[o++] = 0x0d
    out[o++] = 0x0a
    col = 0
  }
  for (let i = 0; i < src.length; i++) {
    const b = src[i]!
    if (b === 0x0d || b === 0x0a) {
      if (b === 0x0d && src[i + 1] === 0x0a) i++
      out[o++] = 0x0d
      out[o++] = 0x0a
      col = 0
      continue
    }
    const next = src[i + 1]
    const lineEnds = next === undefined || next === 0x0d || next === 0x0a
    const literal = (b >= 0x21 && b <= 0x7e && b !== 0x3d) || ((b === 0x20 || b === 0x09) && !lineEnds)
    const width = literal ? 1 : 3
    // Leave room for the soft break's '=' (76 characters at most per line).
    if (col + width > (lineEnds ? 76 : 75)) softBreak()
    if (literal) {
      out[o++] = b
    } else {
      out[o++] = 0x3d
      out[o++] = HEX.charCodeAt(b >> 4)
      out[o++] = HEX.charCodeAt(b & 15)
    }
    col += width
  }
  return out.subarray(0, o)
}

/** The RFC 5322 date of `d` in UTC. */
export const mimeDate = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000')

/**
 * The message's MIME source, or null when it needs nodemailer's composer (an address that is
 * not plain ASCII). `boundaryKey` makes the part boundary (the Send id: stable per message).
 */
export function composeMime(m: MimeInput, o: { date: Date; boundaryKey: string }): Buffer | null {
  const from = mailbox(m.from)
  const to = mailbox(m.to)
  const replyTo = m.replyTo ? mailbox(m.replyTo) : ''
  if (!from || !to || replyTo === null) return null
  const head: string[] = [`From: ${from}`, `To: ${to}`]
  if (replyTo) head.push(`Reply-To: ${replyTo}`)
  head.push(
    `Subject: ${headerValue('Subject', m.subject)}`,
    `Date: ${mimeDate(o.date)}`,
    `Message-ID: ${m.messageId.replace(/[\r\n]/g, '')}`,
  )
  for (const [name, value] of Object.entries(m.headers)) {
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name)) continue
    head.push(`${name}: ${headerValue(name, value)}`)
  }
  head.push('MIME-Version: 1.0')
  const part = (type: string) =>
    `Content-Type: ${type}; charset=utf-8${CRLF}Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}`
  if (!m.html) {
    head.push(part('text/plain'))
    return Buffer.concat([Buffer.from(head.join(CRLF), 'latin1'), quotedPrintable(m.text)])
  }
  const boundary = `=_ma_${o.boundaryKey.replace(/[^\w.-]/g, '')}`
  head.push(`Content-Type: multipart/alternative; boundary="${boundary}"`)
  return Buffer.concat([
    Buffer.from(`${head.join(CRLF)}${CRLF}${CRLF}--${boundary}${CRLF}${part('text/plain')}`, 'latin1'),
    quotedPrintable(m.text),
    // AMP before the HTML: clients show the last part they support, so the HTML stays the fallback.
    ...(m.amp
      ? [Buffer.from(`${CRLF}--${boundary}${CRLF}${part('text/x-amp-html')}`, 'latin1'), quotedPrintable(m.amp)]
      : []),
    Buffer.from(`${CRLF}--${boundary}${CRLF}${part('text/html')}`, 'latin1'),
    quotedPrintable(m.html),
    Buffer.from(`${CRLF}--${boundary}--${CRLF}`, 'latin1'),
  ])
}
