// The AMP for Email part: the starter is a valid AMP4EMAIL document, missing boilerplate and
// forbidden markup are named, and the MIME alternative carries text, AMP (text/x-amp-html) and
// HTML in that order, the HTML last as the fallback.
import { AMP_STARTER, validateAmp } from '@/lib/templates/amp/validate-amp'
import { composeMime } from '@/lib/messaging/mime'

test('the starter document is valid AMP4EMAIL', () => {
  expect(validateAmp(AMP_STARTER)).toEqual([])
})

test('missing required markup and forbidden markup are named', () => {
  const problems = validateAmp('<html><body><img src="x.png"><script>alert(1)</script></body></html>')
  expect(problems).toEqual(
    expect.arrayContaining([
      'Start the AMP part with <!doctype html>.',
      'The <html> tag needs the ⚡4email (or amp4email) attribute.',
      'Add <meta charset="utf-8"> to the head.',
      expect.stringContaining('AMP runtime'),
      expect.stringContaining('boilerplate'),
      'Only AMP component scripts from https://cdn.ampproject.org are allowed.',
      'Use <amp-img> instead of <img>.',
    ]),
  )
  expect(validateAmp(AMP_STARTER.replace('<html ⚡4email', '<html amp4email'))).toEqual([])
})

test('the MIME alternative is text, then the AMP part, then the HTML fallback', () => {
  const raw = composeMime(
    {
      from: 'shop@example.com',
      to: 'ann@example.com',
      subject: 'Hi',
      text: 'plain',
      html: '<p>html</p>',
      amp: AMP_STARTER,
      messageId: '<m1@example.com>',
      headers: {},
    },
    { date: new Date('2026-01-01T00:00:00Z'), boundaryKey: 'S1' },
  )!.toString('latin1')
  const plain = raw.indexOf('Content-Type: text/plain')
  const amp = raw.indexOf('Content-Type: text/x-amp-html')
  const html = raw.indexOf('Content-Type: text/html')
  expect(raw).toContain('Content-Type: multipart/alternative')
  expect(plain).toBeGreaterThan(0)
  expect(amp).toBeGreaterThan(plain)
  expect(html).toBeGreaterThan(amp)
  expect(raw).toContain('cdn.ampproject.org/v0.js')
  // Without an AMP part the message is as before: no AMP part.
  const noAmp = composeMime(
    {
      from: 'shop@example.com',
      to: 'ann@example.com',
      subject: 'Hi',
      text: 'p',
      html: '<p>h</p>',
      messageId: '<m2@x>',
      headers: {},
    },
    { date: new Date(), boundaryKey: 'S2' },
  )!.toString('latin1')
  expect(noAmp).not.toContain('text/x-amp-html')
})
