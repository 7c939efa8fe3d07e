/** @jest-environment node */
// Issue 20: the form editor shows /onsite/preview in an iframe beside its panels, so that one page
// may be framed by our own origin (frame-ancestors 'self', X-Frame-Options SAMEORIGIN); every
// other page keeps frame-ancestors 'none' and DENY (clickjacking).
import { NextRequest } from 'next/server'
import { proxy } from '@/proxy'

const ORIGIN = 'http://localhost:3000'

function frameAncestors(csp: string | null): string | undefined {
  return (csp ?? '')
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith('frame-ancestors'))
}

test('/onsite/preview may be framed by our origin only', async () => {
  const res = await proxy(new NextRequest(new URL('/onsite/preview?company_id=ABC123', ORIGIN)))
  expect(frameAncestors(res.headers.get('content-security-policy'))).toBe("frame-ancestors 'self'")
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
})

test.each(['/login', '/forms', '/onsite/preview/extra', '/dashboard'])('%s is never framed', async (path) => {
  const res = await proxy(new NextRequest(new URL(path, ORIGIN)))
  expect(frameAncestors(res.headers.get('content-security-policy'))).toBe("frame-ancestors 'none'")
  expect(res.headers.get('x-frame-options')).toBe('DENY')
})

test.each(['/onsite/forms?company_id=ABC123', '/onsite/ping', '/onsite/forms/activity'])(
  '%s is a JSON endpoint for store pages: API headers, no page policy, no CSRF cookie',
  async (path) => {
    const res = await proxy(new NextRequest(new URL(path, ORIGIN), { headers: { origin: 'https://shop.example' } }))
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers.get('set-cookie')).toBeNull()
  },
)
