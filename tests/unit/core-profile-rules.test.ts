// Pure rules of the core: patch_properties, attribute paths of field errors, retry backoff.
import { applyPatchProperties } from '@/lib/profiles/patch-properties'
import { attributePath } from '@/lib/profiles/validate-profile'
import { backoffSeconds } from '@/lib/jobs/job-queue'

test.each([
  [{}, { append: { a: 1 } }, { a: [1] }],
  [{ a: 'x' }, { append: { a: 'y' } }, { a: ['x', 'y'] }],
  [{ a: [1] }, { append: { a: [2, 3] } }, { a: [1, 2, 3] }],
  [{ a: [1, 2, 1] }, { unappend: { a: 1 } }, { a: [2] }],
  [{ a: [{ k: 1 }, { k: 2 }] }, { unappend: { a: { k: 1 } } }, { a: [{ k: 2 }] }],
  [{ a: 'scalar' }, { unappend: { a: 'scalar' } }, { a: 'scalar' }],
  [{ a: 1, b: 2 }, { unset: 'a' }, { b: 2 }],
  [{ a: 1, b: 2 }, { unset: ['a', 'b', 'c'] }, {}],
])('patch %j with %j', (props, patch, out) => {
  expect(applyPatchProperties({ ...props } as Record<string, unknown>, patch)).toEqual(out)
})

test('attribute paths are snake_case, custom property names are kept', () => {
  expect(attributePath(['phoneNumber'])).toBe('phone_number')
  expect(attributePath(['location', 'latitude'], 'profile')).toBe('profile.location.latitude')
  expect(attributePath(['properties', 'firstName'])).toBe('properties.firstName')
  expect(attributePath([], 'profile')).toBe('profile')
})

test('backoff doubles and is capped', () => {
  expect([0, 1, 2, 3, 9, 10, 30].map(backoffSeconds)).toEqual([2, 2, 4, 8, 512, 600, 600])
})
