/** @jest-environment node */
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { GET as listTickets, POST as createTicket } from '@/app/ajax/support/tickets/route'
import { GET as getTicket } from '@/app/ajax/support/tickets/[ticketId]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

test('create a ticket (201) and read it back', async () => {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role: 'analyst' })
  const cookie = await signIn(u.id, c.id)
  const res = await createTicket(
    ajaxRequest('/ajax/support/tickets', {
      method: 'POST',
      cookie,
      body: { subject: 'Help', message: 'My flow is stuck', path: '/flows' },
    }),
  )
  expect(res.status).toBe(201)
  const { ticket } = await res.json()
  expect(ticket).toMatchObject({ subject: 'Help', message: 'My flow is stuck', status: 'open' })
  expect(typeof ticket.id).toBe('number')
  expect(new Date(ticket.createdAt).getTime()).not.toBeNaN()

  const got = await getTicket(
    ajaxRequest(`/ajax/support/tickets/${ticket.id}`, { cookie }),
    params({ ticketId: String(ticket.id) }),
  )
  expect(got.status).toBe(200)
  expect((await got.json()).ticket).toMatchObject({ id: ticket.id, subject: 'Help' })
})

test('validation: subject 1..200, message 1..5000', async () => {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id })
  const cookie = await signIn(u.id, c.id)
  const post = (body: unknown) => createTicket(ajaxRequest('/ajax/support/tickets', { method: 'POST', cookie, body }))
  expect((await post({ subject: '', message: 'x' })).status).toBe(400)
  expect((await post({ subject: 'x'.repeat(201), message: 'x' })).status).toBe(400)
  expect((await post({ subject: 'x', message: 'x'.repeat(5001) })).status).toBe(400)
  expect((await post({ subject: 'x'.repeat(200), message: 'x'.repeat(5000) })).status).toBe(201)
})

test('unknown or malformed ids are 404; signed out is 401', async () => {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id })
  const cookie = await signIn(u.id, c.id)
  expect(
    (await getTicket(ajaxRequest('/ajax/support/tickets/999999', { cookie }), params({ ticketId: '999999' }))).status,
  ).toBe(404)
  expect(
    (await getTicket(ajaxRequest('/ajax/support/tickets/abc', { cookie }), params({ ticketId: 'abc' }))).status,
  ).toBe(404)
  expect((await getTicket(ajaxRequest('/ajax/support/tickets/1'), params({ ticketId: '1' }))).status).toBe(401)
})

test('the ticket list (/support/contact) shows the company its own tickets, newest first', async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const ua = await makeUser({ companyId: a.id, role: 'analyst' })
  const ub = await makeUser({ companyId: b.id })
  const ca = await signIn(ua.id, a.id)
  const cb = await signIn(ub.id, b.id)
  const post = (cookie: string, subject: string) =>
    createTicket(ajaxRequest('/ajax/support/tickets', { method: 'POST', cookie, body: { subject, message: 'm' } }))
  await post(ca, 'first')
  await post(ca, 'second')
  await post(cb, 'other company')
  const list = await listTickets(ajaxRequest('/ajax/support/tickets', { cookie: ca }))
  expect(list.status).toBe(200)
  expect((await list.json()).tickets.map((t: { subject: string }) => t.subject)).toEqual(['second', 'first'])
  const other = await (await listTickets(ajaxRequest('/ajax/support/tickets', { cookie: cb }))).json()
  expect(other.tickets.map((t: { subject: string }) => t.subject)).toEqual(['other company'])
  expect((await listTickets(ajaxRequest('/ajax/support/tickets'))).status).toBe(401)
})
