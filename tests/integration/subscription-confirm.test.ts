/** @jest-environment node */
// The double opt-in link: a valid token confirms the pending subscription; forged tokens,
// other accounts' ids and unknown lists confirm nothing.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { subscribeProfiles } from '@/lib/profiles/subscribe-profiles'
import { doubleOptInToken } from '@/lib/profiles/double-opt-in'
import { confirmSubscription } from '@/components/subscriptions/confirm-subscription-screen'
import { makeCompany } from '../helpers/factory'

test('the emailed link confirms once and is refused when tampered with', async () => {
  const company = await makeCompany()
  const list = await db.group.create({
    data: { id: 'DBLOPT', companyId: company.id, name: 'Newsletter', optInProcess: 'double_opt_in' },
  })
  await subscribeProfiles(company.id, {
    listId: list.id,
    profiles: [{ email: 'new@example.com', subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } }],
  })
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: company.id, email: 'new@example.com' } })
  const token = doubleOptInToken(company.id, profile.id, list.id)
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: 'new@example.com' } })
  expect(mail.text).toContain(`/subscriptions/confirm/${company.id}/${profile.id}/${list.id}/${token}`)

  const params = { companyId: String(company.id), profileId: profile.id, listId: list.id, token }
  expect(await confirmSubscription({ ...params, token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A') })).toBe(
    false,
  )
  expect(await confirmSubscription({ ...params, companyId: String((await makeCompany()).id) })).toBe(false)
  expect(await confirmSubscription({ ...params, companyId: 'not-a-number' })).toBe(false)
  expect(await db.groupMembership.count({ where: { groupId: list.id } })).toBe(0)

  expect(await confirmSubscription(params)).toBe(true)
  expect(await confirmSubscription(params)).toBe(true) // a second click still confirms
  expect(await db.groupMembership.count({ where: { groupId: list.id, leftAt: null } })).toBe(1)
  const consent = await db.profileConsent.findFirstOrThrow({
    where: { profileId: profile.id, channel: 'email_marketing' },
  })
  expect(consent.status).toBe('subscribed')
})
