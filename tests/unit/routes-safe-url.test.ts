/** @jest-environment node */
import { isSafeUrlValue, sanitizeSearchParams } from '@/lib/routes/safe-url'

test.each([
  'flows',
  '/flows',
  'https://example.com/page',
  'hello world',
  'data',
  'my data: stuff',
  'java script:alert(1)',
  'a%2Fb',
  '100%',
  'name:asc',
  'email@example.com',
  '',
  '/path//inner',
  'R&D',
  '&colon;',
])('safe: %p', (v) => expect(isSafeUrlValue(v)).toBe(true))

test.each([
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  '  javascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\u0000script:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#0000106avascript:alert(1)',
  'javascript&colon;alert(1)',
  '%6Aavascript:alert(1)',
  '%256Aavascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  'DATA:text/html,x',
  'vbscript:msgbox(1)',
  'VBScript:x',
  '\u00a0javascript:x',
  '\ufeffjavascript:x',
  '//evil.com',
  '\\\\evil.com',
  '/\\evil.com',
  '\\/evil.com',
  ' //evil.com',
  '%2F%2Fevil.com',
  '&sol;&sol;evil.com',
])('unsafe: %p', (v) => expect(isSafeUrlValue(v)).toBe(false))

test('sanitizeSearchParams drops only the unsafe values and keeps order and repeats', () => {
  const p = new URLSearchParams('a=1&next=javascript:alert(1)&b=2&b=3&u=//evil.com&c=data')
  expect(sanitizeSearchParams(p).toString()).toBe('a=1&b=2&b=3&c=data')
  expect(p.toString()).toContain('next=') // the input is not modified
})
