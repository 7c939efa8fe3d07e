/** @jest-environment node */
// An /api path no endpoint serves answers the vendor's JSON:API 404, never the HTML not-found
// page (API clients and the SDK parse errors[]). That real endpoints still win over this
// catch-all is Next.js routing, shown over HTTP in tests/e2e/security-headers.spec.ts.
import * as unknown from '@/app/api/[[...unknown]]/route'

const ORIGIN = 'http://localhost:3000'

test.each([
  ['GET', '/api/flows'],
  ['POST', '/api/campaigns'],
  ['PATCH', '/api/flows/abc'],
  ['PUT', '/api/catalog-items/1'],
  ['DELETE', '/api/templates/7'],
  ['OPTIONS', '/api/flows'],
  ['GET', '/api'],
] as const)('%s %s → JSON:API 404', async (method, path) => {
  const res = await unknown[method](new Request(ORIGIN + path, { method }))
  expect(res.status).toBe(404)
  expect(res.headers.get('content-type')).toBe('application/vnd.api+json')
  expect(res.headers.get('revision')).toBe('2026-07-15')
  const body = await res.json()
  expect(body).toEqual({
    errors: [
      {
        id: expect.any(String),
        status: 404,
        code: 'not_found',
        title: 'Not found.',
        detail: `There is no endpoint at ${path}.`,
      },
    ],
  })
})
