/** @jest-environment node */
// The `_kx` exchange token (issue 20 §1): the click redirect of a tracked email adds it to links
// into the company's own website only, and /client/profiles resolves it to the profile, merging
// the browser's anonymous profile into it; forged tokens and other companies' tokens identify nobody.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { clickToken } from '@/lib/messaging/tracking/tracking-token'
import { signExchangeToken, verifyExchangeToken } from '@/lib/onsite/exchange-token'
import { isOwnWebsite } from '@/lib/onsite/link-identification'
import { makeCompany } from '../helpers/factory'
import * as clickRoute from '@/app/t/c/[token]/route'
import * as clientProfiles from '@/app/client/profiles/route'

let A: number, keyA: string, B: number

beforeAll(async () => {
  const a = await makeCompany('Shop A')
  A = a.id
  keyA = a.publicApiKey!
  await db.company.update({ where: { id: A }, data: { websiteUrl: 'https://www.shop-a.test' } })
  B = (await makeCompany('Shop B')).id
  await db.profile.create({ data: { id: 'PREADER', companyId: A, email: 'reader@x.test' } })
  await db.send.create({
    data: {
      id: 'SEND1',
      companyId: A,
      channel: 'email',
      sourceType: 'campaign_message',
      sourceId: 'CM1',
      profileId: 'PREADER',
      content: '{}',
      status: 'sent',
    },
  })
  await db.send.create({
    data: {
      id: 'PREV1',
      companyId: A,
      channel: 'email',
      sourceType: 'preview',
      sourceId: 'CM1',
      profileId: 'PREADER',
      content: '{}',
      status: 'sent',
    },
  })
})

async function click(sendId: string, url: string) {
  const token = clickToken({ companyId: A, sendId, index: 0, url })
  const res = await clickRoute.GET(new Request(`http://localhost/t/c/${token}`), { params: Promise.resolve({ token }) })
  return res.headers.get('location')!
}

test.each([
  ['https://shop-a.test/p/1?x=1#top', true],
  ['https://www.shop-a.test/', true],
  ['https://eu.shop-a.test/', true],
  ['https://shop-a.test.evil.test/', false],
  ['https://evilshop-a.test/', false],
  ['https://other.test/', false],
])('isOwnWebsite(%s) is %s', (url, own) => {
  expect(isOwnWebsite(url, 'https://www.shop-a.test')).toBe(own)
})

test("a click into the company's website carries _kx naming the reader; other sites and previews do not", async () => {
  const own = new URL(await click('SEND1', 'https://shop-a.test/p/1?x=1#top'))
  expect(own.searchParams.get('x')).toBe('1')
  expect(own.hash).toBe('#top')
  expect(verifyExchangeToken(own.searchParams.get('_kx'))).toEqual({ companyId: A, profileId: 'PREADER' })
  expect(own.toString()).not.toContain('reader')
  expect(await click('SEND1', 'https://other.test/a')).toBe('https://other.test/a')
  expect(await click('PREV1', 'https://shop-a.test/p/1')).toBe('https://shop-a.test/p/1')
})

async function identify(attributes: Record<string, unknown>, key = keyA) {
  await resetRateLimits()
  const res = await clientProfiles.POST(
    new Request(`http://localhost/client/profiles?company_id=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { type: 'profile', attributes } }),
    }),
  )
  return res.status
}

test('/client/profiles with _kx merges the anonymous browser profile into the named profile', async () => {
  await db.profile.create({ data: { id: 'PANON', companyId: A, anonymousId: 'anon-kx-1' } })
  expect(
    await identify({ anonymous_id: 'anon-kx-1', _kx: signExchangeToken({ companyId: A, profileId: 'PREADER' }) }),
  ).toBe(202)
  expect(await db.profile.findUnique({ where: { id: 'PANON' } })).toBeNull()
  expect(await db.profile.findUnique({ where: { id: 'PREADER' } })).toMatchObject({
    email: 'reader@x.test',
    anonymousId: 'anon-kx-1',
  })
})

test("a forged token or another company's token identifies nobody", async () => {
  const forged = signExchangeToken({ companyId: A, profileId: 'PREADER' }).slice(0, -2) + 'AA'
  expect(await identify({ anonymous_id: 'anon-kx-2', _kx: forged })).toBe(202)
  expect(
    await identify({ anonymous_id: 'anon-kx-3', _kx: signExchangeToken({ companyId: B, profileId: 'PREADER' }) }),
  ).toBe(202)
  expect((await db.profile.findUnique({ where: { id: 'PREADER' } }))!.anonymousId).toBe('anon-kx-1')
  const strays = await db.profile.findMany({ where: { companyId: A, anonymousId: { in: ['anon-kx-2', 'anon-kx-3'] } } })
  expect(strays.map((p) => p.email)).toEqual([null, null])
})
