/** @jest-environment node */
// Issue 27 §4: the /ajax reads and writes behind the /objects screens — the list with record
// counts, the builder's create and edit (bad input a 400 with field errors, another company's
// data source refused), and a profile's records per type and of one type; another company's
// object types and profiles are not found.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)
import { db } from '@/lib/db/client'
import { GET as listObjects, POST as createObject } from '@/app/ajax/objects/route'
import { GET as getObject, PUT as putObject } from '@/app/ajax/objects/[id]/route'
import { GET as profileObjects } from '@/app/ajax/profile/[id]/objects/route'
import { createDataSource } from '@/lib/custom-objects/data-sources'
import { ingestRecords } from '@/lib/custom-objects/ingest-records'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

async function setup(name: string) {
  const c = await makeCompany(name)
  const u = await makeUser({ companyId: c.id, role: 'owner' })
  return { companyId: c.id, cookie: await signIn(u.id, c.id) }
}
const json = async (res: Response) => ({ status: res.status, json: await res.json() })

test('the builder creates and edits an object; the list counts its records; a profile sees its own', async () => {
  const { companyId, cookie } = await setup('Objects screens')
  const other = await setup('Other objects screens')
  const source = await createDataSource(companyId, { title: 'Bookings feed' })
  const foreignSource = await createDataSource(other.companyId, { title: 'Theirs' })
  await db.profile.create({ data: { id: 'PrfBook', companyId, email: 'b@example.com' } })

  const bad = await json(
    await createObject(
      ajaxRequest('/ajax/objects', {
        method: 'POST',
        cookie,
        body: { title: '', fields: [{ name: 'x', type: 'decimal' }] },
      }),
    ),
  )
  expect(bad.status).toBe(400)
  expect(Object.keys(bad.json.fieldErrors)).toEqual(expect.arrayContaining(['title', 'fields.0.type']))

  const stolen = await json(
    await createObject(
      ajaxRequest('/ajax/objects', {
        method: 'POST',
        cookie,
        body: { title: 'Booking', fields: [], dataSourceId: foreignSource.id },
      }),
    ),
  )
  expect(stolen.status).toBe(400)
  expect(stolen.json.fieldErrors.dataSourceId).toBeDefined()

  const created = await json(
    await createObject(
      ajaxRequest('/ajax/objects', {
        method: 'POST',
        cookie,
        body: {
          title: 'Booking',
          fields: [
            { name: 'room', type: 'string' },
            { name: 'nights', type: 'int', path: 'stay.nights' },
          ],
          dataSourceId: source.id,
          idPath: 'ref',
          profileIdType: 'email',
          profilePath: 'guest',
        },
      }),
    ),
  )
  expect(created.status).toBe(201)
  expect(created.json.key).toBe('booking')
  const id: string = created.json.id

  await ingestRecords(companyId, source.id, [
    { ref: 'R1', room: '12', stay: { nights: '3' }, guest: 'b@example.com' },
    { ref: 'R2', room: '14', guest: 'someone@else.test' },
  ])

  const list = await json(await listObjects(ajaxRequest('/ajax/objects', { cookie })))
  expect(list.json.types).toEqual([
    expect.objectContaining({ id, title: 'Booking', recordCount: 2, fieldCount: 2, profileLinked: true }),
  ])
  expect(list.json.sources).toEqual([{ id: source.id, title: 'Bookings feed' }])
  expect((await json(await listObjects(ajaxRequest('/ajax/objects', { cookie: other.cookie })))).json.types).toEqual([])

  const edit = await json(
    await putObject(
      ajaxRequest(`/ajax/objects/${id}`, {
        method: 'PUT',
        cookie,
        body: {
          title: 'Hotel booking',
          key: 'stay',
          fields: [{ name: 'room', type: 'string' }],
          dataSourceId: source.id,
          idPath: 'ref',
        },
      }),
      params({ id }),
    ),
  )
  expect(edit.json).toEqual({ id, key: 'stay' })
  const loaded = await json(await getObject(ajaxRequest(`/ajax/objects/${id}`, { cookie }), params({ id })))
  expect(loaded.json).toMatchObject({
    title: 'Hotel booking',
    fields: [{ name: 'room', type: 'string', path: 'room' }],
  })
  expect((await getObject(ajaxRequest(`/ajax/objects/${id}`, { cookie: other.cookie }), params({ id }))).status).toBe(
    404,
  )
  const foreignPut = await putObject(
    ajaxRequest(`/ajax/objects/${id}`, { method: 'PUT', cookie: other.cookie, body: { title: 'X', fields: [] } }),
    params({ id }),
  )
  expect(foreignPut.status).toBe(404)

  const mine = await json(
    await profileObjects(ajaxRequest('/ajax/profile/PrfBook/objects', { cookie }), params({ id: 'PrfBook' })),
  )
  expect(mine.json.groups).toHaveLength(1)
  expect(mine.json.groups[0]).toMatchObject({
    key: 'stay',
    records: [expect.objectContaining({ externalId: 'R1', values: { room: '12', nights: 3 } })],
  })
  const oneType = await json(
    await profileObjects(ajaxRequest('/ajax/profile/PrfBook/objects?key=stay', { cookie }), params({ id: 'PrfBook' })),
  )
  expect(oneType.json.groups[0].records).toHaveLength(1)
  const unknownKey = await profileObjects(
    ajaxRequest('/ajax/profile/PrfBook/objects?key=nope', { cookie }),
    params({ id: 'PrfBook' }),
  )
  expect(unknownKey.status).toBe(404)
  const foreign = await profileObjects(
    ajaxRequest('/ajax/profile/PrfBook/objects', { cookie: other.cookie }),
    params({ id: 'PrfBook' }),
  )
  expect(foreign.status).toBe(404)
})
