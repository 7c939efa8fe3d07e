// Issue 29, finding 10: the email sanitizer reads a link's scheme as a browser does (character
// references decoded, tabs, newlines and controls dropped, any case) and keeps only http(s),
// mailto, tel and template tags in links; images may be http(s), cid or data:image.
import { sanitizeEmailHtml } from '@/lib/templates/sanitize-email-html'
import { isAllowedImageSource, isAllowedLink, isHttpUrl, urlScheme } from '@/lib/templates/url-scheme'

const hrefOf = (html: string) => /<a[^>]*?\shref="([^"]*)"/.exec(sanitizeEmailHtml(html).html)?.[1] ?? null
const srcOf = (html: string) => /<img[^>]*?\ssrc="([^"]*)"/.exec(sanitizeEmailHtml(html).html)?.[1] ?? null

describe('links the sanitizer removes', () => {
  test.each([
    ['entity-encoded letter', 'jav&#x61;script:alert(1)'],
    ['decimal entity without semicolon', 'jav&#97script:alert(1)'],
    ['padded decimal entity', 'javascript&#0000058;alert(1)'],
    ['named colon', 'javascript&colon;alert(1)'],
    ['tab inside', 'java\tscript:alert(1)'],
    ['entity tab inside', 'java&Tab;script:alert(1)'],
    ['newline inside', 'java\nscript:alert(1)'],
    ['leading spaces and controls', ' \u0001 javascript:alert(1)'],
    ['mixed case', 'JaVaScRiPt:alert(1)'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['data:text/html', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['data:image in a link', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['file', 'file:///etc/passwd'],
    ['a template tag used as the scheme', '{{ scheme }}:alert(1)'],
  ])('%s: %s', (_name, href) => {
    const out = sanitizeEmailHtml(`<p><a href="${href}">x</a></p>`)
    expect(hrefOf(`<p><a href="${href}">x</a></p>`)).toBeNull()
    expect(out.warnings.some((w) => /unsafe URL/.test(w.message))).toBe(true)
  })
})

describe('links the sanitizer keeps', () => {
  test.each([
    'https://shop.example/p?a=1&amp;b=2',
    'http://shop.example/',
    'mailto:help@shop.example',
    'tel:+15555550100',
    '#top',
    '/relative/path',
    '{{ product.url }}',
    '{% unsubscribe_link %}',
    '{% web_view_link %}',
    'https://shop.example/?u={{ person.email|urlencode }}',
    'mailto:{{ organization.email }}',
  ])('%s', (href) => {
    expect(hrefOf(`<p><a href="${href}">x</a></p>`)).toBe(href)
  })
})

test('images: http(s), cid and data:image stay; javascript: and data:text/html go', () => {
  expect(srcOf('<img src="https://cdn.example/a.png">')).toBe('https://cdn.example/a.png')
  expect(srcOf('<img src="cid:logo@shop">')).toBe('cid:logo@shop')
  expect(srcOf('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('data:image/png;base64,iVBORw0KGgo=')
  expect(srcOf('<img src="{{ item.image_url }}">')).toBe('{{ item.image_url }}')
  expect(srcOf('<img src="jav&#x61;script:alert(1)">')).toBeNull()
  expect(srcOf('<img src="data:text/html,<b>x</b>">')).toBeNull()
  expect(sanitizeEmailHtml('<table background="JaVaScRiPt:alert(1)"><tr><td>x</td></tr></table>').html).not.toMatch(
    /background=/,
  )
})

test('the scheme as a browser reads it', () => {
  expect(urlScheme('jav&#x61;script:x')).toBe('javascript')
  expect(urlScheme('java\tscript:x')).toBe('javascript')
  expect(urlScheme('  HTTPS://x')).toBe('https')
  expect(urlScheme('/path:with-colon')).toBeNull()
  expect(urlScheme('jav%61script:x')).toBeNull() // percent escapes are not decoded before the scheme: a relative URL
  expect(isAllowedLink('tel:+1')).toBe(true)
  expect(isAllowedLink('sms:+1')).toBe(false)
  expect(isAllowedImageSource('data:image/gif;base64,R0lGOD')).toBe(true)
  expect(isHttpUrl('https://shop.example/a')).toBe(true)
  expect(isHttpUrl('javascript:alert(1)')).toBe(false)
  expect(isHttpUrl('https&colon;//shop.example')).toBe(false)
  expect(isHttpUrl('/relative')).toBe(false)
  expect(isHttpUrl('https://')).toBe(false)
})
