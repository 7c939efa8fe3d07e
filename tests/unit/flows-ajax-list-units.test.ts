/** @jest-environment node */
// Pure pieces of the /ajax flows family: the definition diff of the audit log and the changes,
// the classifications, the comparison periods, and the holdout bucket (deterministic, uniform).
import { diffDefinitions } from '@/lib/flows/ajax/flows-changes'
import { classify } from '@/lib/flows/ajax/flows-classifications'
import { comparisonOf } from '@/lib/flows/ajax/flows-stats'
import { holdoutBucket } from '@/lib/flows/engine/holdout'
import type { FlowDefinition } from '@/lib/flows/definition'

const def = (
  actions: Array<Record<string, unknown>>,
  trigger: Record<string, unknown> = { type: 'list', id: 'L1' },
): FlowDefinition =>
  ({ triggers: [trigger], entry_action_id: (actions[0]?.id as string) ?? null, actions }) as unknown as FlowDefinition

describe('diffDefinitions', () => {
  const a = { id: '1', type: 'time-delay', links: { next: '2' }, data: { unit: 'days', value: 1 } }
  const b = {
    id: '2',
    type: 'send-email',
    links: { next: null },
    data: { status: 'draft', message: { id: 'M1', name: 'x' } },
  }
  test.each([
    [
      'first version: everything added',
      null,
      def([a, b]),
      { added: ['1', '2'], removed: [], changed: [], triggerChanged: true },
    ],
    [
      'a status or a message id alone is no change',
      def([a, b]),
      def([a, { ...b, data: { status: 'live', message: { name: 'x' } } }]),
      { added: [], removed: [], changed: [], triggerChanged: false },
    ],
    ['changed data', def([a, b]), def([{ ...a, data: { unit: 'days', value: 2 } }, b]), { changed: ['1'] }],
    ['removed and added', def([a, b]), def([a, { ...b, id: '3' }]), { added: ['3'], removed: ['2'] }],
    ['trigger changed', def([a]), def([a], { type: 'metric', id: 'M' }), { triggerChanged: true, entryChanged: false }],
  ])('%s', (_, prev, next, expected) => {
    expect(diffDefinitions(prev as FlowDefinition | null, next as FlowDefinition)).toMatchObject(expected)
  })
})

describe('classify', () => {
  const names = new Map([
    ['M1', 'Started Checkout'],
    ['M2', 'Viewed Product'],
    ['M3', 'Placed Order'],
    ['S1', 'Lapsed customers'],
  ])
  test.each([
    [{ type: 'metric', id: 'M1' }, 'abandoned_cart'],
    [{ type: 'metric', id: 'M2' }, 'browse_abandonment'],
    [{ type: 'metric', id: 'M3' }, 'post_purchase'],
    [{ type: 'list', id: 'L' }, 'welcome'],
    [{ type: 'segment', id: 'S1' }, 'winback'],
    [{ type: 'date', date_field_type: 'profile-property' }, 'date_based'],
    [{ type: 'price-drop' }, 'price_drop'],
    [{ type: 'low-inventory' }, 'low_inventory'],
    [{ type: 'metric', id: 'unknown' }, 'other'],
  ])('%j → %s', (trigger, expected) => {
    expect(classify(def([], trigger), names)).toBe(expected)
  })
  test('no trigger → other', () =>
    expect(classify({ triggers: [], actions: [], entry_action_id: null }, names)).toBe('other'))
})

test('comparison periods', () => {
  const p = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-31T00:00:00Z') }
  expect(comparisonOf(p, 'previous_period')).toEqual({ from: new Date('2026-01-30T00:00:00Z'), to: p.from })
  expect(comparisonOf(p, 'previous_year')).toEqual({
    from: new Date('2025-03-01T00:00:00Z'),
    to: new Date('2025-03-31T00:00:00Z'),
  })
})

test('holdout bucket: deterministic, in [0,1), about uniform, differs by experiment', () => {
  const xs = Array.from({ length: 20_000 }, (_, i) => holdoutBucket(7, 'exp', `P${i}`))
  expect(xs.every((x) => x >= 0 && x < 1)).toBe(true)
  expect(holdoutBucket(7, 'exp', 'P1')).toBe(xs[1])
  const held = xs.filter((x) => x < 0.1).length
  expect(held).toBeGreaterThan(1800)
  expect(held).toBeLessThan(2200)
  const other = Array.from({ length: 2000 }, (_, i) => holdoutBucket(7, 'exp-2', `P${i}`) < 0.1)
  const same = other.filter((h, i) => h && xs[i]! < 0.1).length
  expect(same).toBeLessThan(60)
})
