/** @jest-environment node */
// Country conditions (issue 12 §4): a condition on "US" finds the people stored as "United States",
// "USA" or "us" and the reverse, for the location condition and the country profile property;
// /ajax/people/countries offers the countries present in the company's data with their codes.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { POST as previewRoute } from '@/app/ajax/segment/preview/route'
import { GET as countriesRoute } from '@/app/ajax/people/countries/route'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'

let A: number, cookieA: string, cookieB: string

const people: Array<[string, string | null]> = [
  ['us1', 'United States'],
  ['us2', 'US'],
  ['us3', 'usa'],
  ['us4', 'États-Unis'],
  ['de1', 'Germany'],
  ['de2', 'DE'],
  ['fr1', 'France'],
  ['none', null],
  ['odd', 'Atlantis'],
]

beforeAll(async () => {
  A = (await makeCompany('A')).id
  const B = (await makeCompany('B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  await db.profile.createMany({
    data: people.map(([name, country]) => ({ id: ulid(), companyId: A, email: `${name}@a.test`, country })),
  })
  await db.profile.create({ data: { id: ulid(), companyId: B, email: 'b@b.test', country: 'United States' } })
})

async function count(condition: Record<string, unknown>, cookie = cookieA) {
  const definition = { version: 1, root: { type: 'and', conditions: [{ type: 'and', conditions: [condition] }] } }
  const res = await previewRoute(ajaxRequest('/ajax/segment/preview', { method: 'POST', cookie, body: { definition } }))
  const json = await res.json()
  if (res.status !== 200) throw new Error(JSON.stringify(json))
  return json.count as number
}

const location = (operator: string, value: string) => ({ kind: 'location', field: 'country', operator, value })
const property = (operator: string, value: string) => ({
  kind: 'profile_property',
  field: 'country',
  valueType: 'text',
  operator,
  value,
})

test.each([
  ['US', 4],
  ['us', 4],
  ['United States', 4],
  ['USA', 4],
  ['united states of america', 4],
  ['Vereinigte Staaten', 4],
  ['DE', 2],
  ['Deutschland', 2],
  ['Germany', 2],
  ['FR', 1],
  ['Atlantis', 1],
  ['JP', 0],
])('country equals %s matches %i people, as a location condition and as a profile property', async (value, n) => {
  expect(await count(location('equals', value))).toBe(n)
  expect(await count(property('equals', value))).toBe(n)
})

test('not equals leaves out every spelling of the country, and keeps people without one', async () => {
  expect(await count(location('not_equals', 'US'))).toBe(people.length - 4)
  expect(await count(property('not_equals', 'United States'))).toBe(people.length - 4)
  // contains stays a plain text match
  expect(await count(location('contains', 'Stat'))).toBe(1)
})

test('another company sees only its own profiles', async () => {
  expect(await count(location('equals', 'US'), cookieB)).toBe(1)
})

test('GET /ajax/people/countries: the values in the data, most common first, with their ISO code', async () => {
  const res = await countriesRoute(ajaxRequest('/ajax/people/countries', { cookie: cookieA }))
  expect(res.status).toBe(200)
  const { countries } = await res.json()
  expect(countries).toHaveLength(8)
  expect(countries).toEqual(
    expect.arrayContaining([
      { value: 'United States', code: 'US', count: 1 },
      { value: 'usa', code: 'US', count: 1 },
      { value: 'États-Unis', code: 'US', count: 1 },
      { value: 'DE', code: 'DE', count: 1 },
      { value: 'Atlantis', code: null, count: 1 },
    ]),
  )
  const b = await (await countriesRoute(ajaxRequest('/ajax/people/countries', { cookie: cookieB }))).json()
  expect(b.countries).toEqual([{ value: 'United States', code: 'US', count: 1 }])
})
