/** @jest-environment node */
// The delivery worker's own MIME source (lib/messaging/mime.ts), read back with mailparser (the
// parser of nodemailer's author), as a receiving mail system would: every field, both parts and
// the headers come back exactly; lines stay within 76 characters; what it cannot build (an
// internationalized address) is left to nodemailer's composer.
import { simpleParser, type AddressObject } from 'mailparser'
import {
  composeMime,
  encodeWords,
  headerValue,
  quotedPrintable,
  splitMailbox,
  type MimeInput,
} from '@/lib/messaging/mime'

const base: MimeInput = {
  from: '"Demo Store" <news@shop.test>',
  to: 'ada@example.test',
  subject: 'Spring picks for you, Ada',
  text: 'Hello Ada,\n\nYour picks.\n',
  html: '<p>Hello Ada,</p><p>Your picks.</p>',
  messageId: '<01jabc@shop.test>',
  headers: { 'X-Send-Id': '01JABC', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
}
const at = new Date('2026-11-28T08:00:00Z')
const compose = (m: Partial<MimeInput> = {}) => composeMime({ ...base, ...m }, { date: at, boundaryKey: '01JABC' })!
const parse = (b: Buffer) => simpleParser(b)
// mailparser reads List-* headers into its own structure; the header line itself is what was sent.
const line = (mail: { headerLines: ReadonlyArray<{ key: string; line: string }> }, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n /g, ' ')
const addr = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a[0] : a)!.value[0]!

test('every field comes back as given: sender name and address, recipient, subject, date, ids, headers, both parts', async () => {
  const raw = compose()
  const mail = await parse(raw)
  expect(addr(mail.from)).toEqual({ name: 'Demo Store', address: 'news@shop.test' })
  expect(addr(mail.to).address).toBe('ada@example.test')
  expect(mail.subject).toBe(base.subject)
  expect(mail.date?.toISOString()).toBe(at.toISOString())
  expect(mail.messageId).toBe('<01jabc@shop.test>')
  expect(mail.headers.get('x-send-id')).toBe('01JABC')
  expect(line(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
  expect(mail.text).toBe(base.text)
  expect(mail.html).toBe(base.html)
  expect(raw.toString('latin1')).toContain('Content-Type: multipart/alternative; boundary="=_ma_01JABC"')
})

test('text that is not ASCII, long lines, trailing spaces, "=" and dots survive quoted-printable', async () => {
  const long = 'Crème brûlée — 20 % off, ☕ and 🍰 for ' + 'everyone '.repeat(30)
  const text = `${long}\nTrailing spaces   \n.a line that starts with a dot\n=3D is not an escape\r\nline after CRLF\ttab`
  const html = `<p style="color:#333">${long}</p>\n<a href="https://shop.test/sale?a=1&amp;b=2">Shop</a>`
  const raw = compose({ text, html, subject: 'Früh­lings­angebote für Zoë 🌷 — ' + 'sehr '.repeat(20) })
  const mail = await parse(raw)
  expect(mail.text).toBe(text.replace(/\r\n/g, '\n'))
  expect(mail.html).toBe(html)
  expect(mail.subject).toBe('Früh­lings­angebote für Zoë 🌷 — ' + 'sehr '.repeat(20))
  for (const line of raw.toString('latin1').split('\r\n')) expect(line.length).toBeLessThanOrEqual(78)
  expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/)
})

test('display names: plain, needing quotes, and not ASCII; Reply-To', async () => {
  for (const [from, name] of [
    ['Acme Shop <news@acme.test>', 'Acme Shop'],
    ['"O\'Brien, Shop" <a@acme.test>', "O'Brien, Shop"],
    ['"Café \\"Zoë\\"" <a@acme.test>', 'Café "Zoë"'],
    ['a@acme.test', ''],
  ] as const) {
    const mail = await parse(compose({ from, replyTo: 'help@acme.test' }))
    expect(addr(mail.from)).toEqual({ name, address: from.includes('<') ? /<(.+)>/.exec(from)![1] : from })
    expect(addr(mail.replyTo).address).toBe('help@acme.test')
  }
  expect(compose({ from: 'Acme Shop <news@acme.test>' }).toString('latin1')).toContain(
    'From: Acme Shop <news@acme.test>\r\n',
  )
})

test('a text-only message is one quoted-printable part', async () => {
  const raw = compose({ html: undefined, text: 'Only text, ünïcode.' })
  const mail = await parse(raw)
  expect(mail.text).toBe('Only text, ünïcode.')
  expect(mail.html).toBe(false)
  expect(raw.toString('latin1')).not.toContain('multipart')
})

test('long and unusual headers are folded and unfold to the same value; line breaks in values cannot add headers', async () => {
  const lu =
    '<https://shop.test/u/' +
    'x'.repeat(60) +
    '>, <mailto:unsubscribe+' +
    'y'.repeat(40) +
    '@shop.test?subject=unsubscribe>'
  const mail = await parse(
    compose({ headers: { 'List-Unsubscribe': lu, 'X-Evil': 'a\r\nBcc: victim@example.test', 'Bad Name': 'dropped' } }),
  )
  expect(line(mail, 'list-unsubscribe')).toBe('List-Unsubscribe: ' + lu)
  expect(mail.headers.get('x-evil')).toBe('a Bcc: victim@example.test')
  expect(mail.bcc).toBeUndefined()
  expect(mail.headers.has('bad name')).toBe(false)
  expect(headerValue('X', 'short')).toBe('short')
})

test('an address that is not plain ASCII is left to nodemailer (null)', () => {
  expect(composeMime({ ...base, to: 'zoë@exämple.test' }, { date: at, boundaryKey: 'k' })).toBeNull()
  expect(composeMime({ ...base, from: 'Shop <news@shöp.test>' }, { date: at, boundaryKey: 'k' })).toBeNull()
  expect(splitMailbox('"A <b>" <c@d.test>')).toEqual(['A <b>', 'c@d.test'])
  expect(splitMailbox('not an address')).toBeNull()
})

test('quoted-printable and encoded words by the rules', () => {
  expect(quotedPrintable('a=b é').toString('latin1')).toBe('a=3Db =C3=A9')
  expect(quotedPrintable('end  ').toString('latin1')).toBe('end =20')
  expect(quotedPrintable('x'.repeat(80)).toString('latin1')).toBe('x'.repeat(75) + '=\r\n' + 'x'.repeat(5))
  expect(quotedPrintable('x'.repeat(76)).toString('latin1')).toBe('x'.repeat(76))
  // A multi-byte character is never split between two encoded words.
  for (const w of encodeWords('🍰'.repeat(40)).split('\r\n ')) {
    expect(w.length).toBeLessThanOrEqual(75)
    expect(Buffer.from(/\?B\?(.*)\?=/.exec(w)![1]!, 'base64').toString('utf8')).not.toContain('\uFFFD')
  }
})
