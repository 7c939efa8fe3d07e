// Issue 23 §3: the predictive condition in the segment definition (shape and operator rules),
// in the builder's form state (issues, to and from the definition) and in the vendor's
// condition_groups (both directions).
import { segmentDefinition } from '@/lib/segments/definition'
import {
  conditionIssues,
  conditionToDefinition,
  conditionToState,
  emptyCondition,
  type ConditionState,
} from '@/components/segment-builder/definition-state'
import { conditionGroupsToDefinition } from '@/lib/api/segments/condition-groups-to-definition'
import { vendorCondition } from '@/lib/api/segments/definition-to-condition-groups'

const def = (condition: unknown) => ({ version: 1, root: { type: 'and', conditions: [condition] } })

test.each([
  [{ kind: 'predictive', dimension: 'churn_probability', operator: 'greater_or_equal', value: 0.8 }, true],
  [{ kind: 'predictive', dimension: 'predicted_clv', operator: 'less_than', value: 100 }, true],
  [{ kind: 'predictive', dimension: 'expected_date_of_next_order', operator: 'in_next_days', value: 30 }, true],
  [
    {
      kind: 'predictive',
      dimension: 'expected_date_of_next_order',
      operator: 'between',
      value: ['2026-01-01', '2026-02-01'],
    },
    true,
  ],
  [{ kind: 'predictive', dimension: 'churn_probability', operator: 'before', value: '2026-01-01' }, false],
  [{ kind: 'predictive', dimension: 'expected_date_of_next_order', operator: 'greater_than', value: 3 }, false],
  [
    {
      kind: 'predictive',
      dimension: 'expected_date_of_next_order',
      operator: 'between',
      value: ['2026-02-01', '2026-01-01'],
    },
    false,
  ],
  [{ kind: 'predictive', dimension: 'predicted_gender', operator: 'equals', value: 1 }, false],
  [{ kind: 'predictive', dimension: 'predicted_clv', operator: 'equals', value: 'lots' }, false],
])('%j valid: %s', (condition, ok) => {
  expect(segmentDefinition.safeParse(def(condition)).success).toBe(ok)
})

test('the builder row: issues, and the definition it makes and reads back', () => {
  const empty = emptyCondition('predictive') as Extract<ConditionState, { kind: 'predictive' }>
  expect(conditionIssues(empty)).toEqual({ value: 'errorNumber' })
  const row = { ...empty, value: '0.75' }
  expect(conditionIssues(row)).toEqual({})
  const made = conditionToDefinition(row)
  expect(made).toEqual({
    kind: 'predictive',
    dimension: 'churn_probability',
    operator: 'greater_or_equal',
    value: 0.75,
  })
  expect(conditionToState(made)).toMatchObject({ dimension: 'churn_probability', value: '0.75' })
  const dates = {
    ...row,
    dimension: 'expected_date_of_next_order' as const,
    operator: 'between' as const,
    value: '2026-03-01',
    value2: '2026-02-01',
  }
  expect(conditionIssues(dates)).toEqual({ value2: 'errorDateOrder' })
  const days = {
    ...row,
    dimension: 'expected_date_of_next_order' as const,
    operator: 'in_next_days' as const,
    value: '14',
  }
  expect(conditionToDefinition(days)).toMatchObject({ operator: 'in_next_days', value: 14 })
})

test.each([
  [
    {
      type: 'profile-predictive-analytics',
      dimension: 'predicted_clv',
      filter: { type: 'numeric', operator: 'greater-than-or-equal', value: 120 },
    },
    { kind: 'predictive', dimension: 'predicted_clv', operator: 'greater_or_equal', value: 120 },
  ],
  [
    {
      type: 'profile-predictive-analytics',
      dimension: 'expected_date_of_next_purchase',
      filter: { type: 'date', operator: 'in-the-next', unit: 'day', quantity: 7 },
    },
    { kind: 'predictive', dimension: 'expected_date_of_next_order', operator: 'in_next_days', value: 7 },
  ],
  [
    {
      type: 'profile-predictive-analytics',
      dimension: 'expected_date_of_next_purchase',
      filter: { type: 'date', operator: 'before', date: '2026-12-01T00:00:00+00:00' },
    },
    {
      kind: 'predictive',
      dimension: 'expected_date_of_next_order',
      operator: 'before',
      value: '2026-12-01T00:00:00+00:00',
    },
  ],
])('vendor %j ↔ ours', (vendor, ours) => {
  const read = conditionGroupsToDefinition({ condition_groups: [{ conditions: [vendor] }] })
  expect(read.root.conditions[0]).toEqual(ours)
  expect(vendorCondition(ours as never)).toEqual(vendor)
})
