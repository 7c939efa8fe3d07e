/** @jest-environment node */
// Issue 29, finding 9: the web view (/messages/{token}) is a merchant's email, so the request
// gate gives it its own sandbox policy instead of the app's page policy (which replaced the
// route's own and blocked the email's external images). Both the proxy's answer and the route's
// carry it: sandboxed, no scripts, images from anywhere over https, http and data:.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { NextRequest } from 'next/server'
import { proxy } from '@/proxy'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends } from '@/lib/messaging/create-sends'
import { webViewToken } from '@/lib/messaging/web-view-link'
import { ulid } from '@/lib/ids/make-id'
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { GET } from '@/app/messages/[token]/route'

const ORIGIN = 'http://localhost:3000'

function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) out.set(name.toLowerCase(), values)
  }
  return out
}

function expectWebViewPolicy(csp: string | null) {
  const d = directives(csp)
  expect(d.has('sandbox')).toBe(true)
  // no allow-scripts, allow-forms or allow-same-origin in the sandbox
  expect(d.get('sandbox')!.filter((v) => /scripts|forms|same-origin/.test(v))).toEqual([])
  expect(d.get('img-src')).toEqual(expect.arrayContaining(['https:', 'http:', 'data:']))
  expect(d.get('default-src')).toEqual(["'none'"])
  expect(d.has('script-src')).toBe(false)
  expect(csp).not.toMatch(/nonce-|strict-dynamic/)
}

test('the proxy gives /messages/{token} the web-view policy, and other pages the app policy', async () => {
  const res = await proxy(new NextRequest(new URL('/messages/abc.def.ghi', ORIGIN)))
  expectWebViewPolicy(res.headers.get('content-security-policy'))
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')

  const page = await proxy(new NextRequest(new URL('/login', ORIGIN)))
  const d = directives(page.headers.get('content-security-policy'))
  expect(d.get('script-src')!.join(' ')).toMatch(/nonce-/)
  expect(d.has('sandbox')).toBe(false)
})

test('the web view route answers with the same policy, and the email keeps its external image', async () => {
  const { id: cid } = await makeCompany()
  const profileId = (await upsertProfile(cid, { email: 'ada@x.test', firstName: 'Ada' }, { mode: 'import' })).profile.id
  const sourceId = ulid()
  await createSends({
    companyId: cid,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content: {
      subject: 'News',
      html: '<p>Hi {{ first_name }} <img src="https://cdn.example.test/hero.png" alt=""></p>',
      fromEmail: 'news@shop.example.test',
    },
    recipients: [{ profileId, context: {} }],
  })
  await runJobsUntilIdle()
  const send = await db.send.findFirstOrThrow({ where: { companyId: cid, sourceId } })
  const token = webViewToken(cid, send.id)
  const res = await GET(new Request(`${ORIGIN}/messages/${token}`), { params: Promise.resolve({ token }) })
  expect(res.status).toBe(200)
  expectWebViewPolicy(res.headers.get('content-security-policy'))
  expect(await res.text()).toContain('src="https://cdn.example.test/hero.png"')
})
