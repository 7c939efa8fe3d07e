/** @jest-environment node */
// Issue 20 §4: a signup form's submit reaches the welcome series: subscribing through
// /client/subscriptions (the path every form submits through) to the list that triggers the
// live welcome flow enters the new subscriber into it, in the same transaction as the membership.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { createList } from '@/lib/groups/create-list'
import { createFlowFromTemplate } from '@/lib/flows/templates'
import { setFlowStatus } from '@/lib/flows/store'
import { makeCompany } from '../helpers/factory'
import { POST } from '@/app/client/subscriptions/route'

test('a form submit to the Newsletter list enters the live welcome series', async () => {
  const c = await makeCompany()
  const key = (await db.company.findUniqueOrThrow({ where: { id: c.id } })).publicApiKey
  const list = await createList(c.id, { name: 'Newsletter', optInProcess: 'single_opt_in' })
  const flowId = await createFlowFromTemplate(c.id, 'welcome_series', { name: 'Welcome series' })
  await setFlowStatus(c.id, flowId, 'live')
  const res = await POST(
    new Request(`http://localhost/client/subscriptions?company_id=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', revision: '2026-07-15', origin: 'https://shop.example' },
      body: JSON.stringify({
        data: {
          type: 'subscription',
          attributes: {
            custom_source: 'Form: Welcome discount popup',
            profile: {
              data: {
                type: 'profile',
                attributes: {
                  email: 'new@shop.example',
                  subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
                },
              },
            },
          },
          relationships: { list: { data: { type: 'list', id: list.id } } },
        },
      }),
    }),
  )
  expect(res.status).toBe(202)
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: c.id, email: 'new@shop.example' } })
  expect(await db.groupMembership.count({ where: { groupId: list.id, profileId: profile.id, leftAt: null } })).toBe(1)
  expect(await db.flowRun.count({ where: { companyId: c.id, flowId, profileId: profile.id } })).toBe(1)
})
