// The builder's condition editor for date properties and regions: choosing the date type gives
// the vendor's date filter shapes (anniversary, relative windows with units, a calendar month, a
// static date), and the region condition toggles in/not in the EU or the US. Only the network
// (fetch for the option lists) is a stand-in.
import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import { useState } from 'react'
import messages from '@/messages/en-US.json'
import { ConditionEditor, type ConditionFilter } from '@/components/flows/builder/condition-editor'

beforeEach(() => {
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    type: 'basic',
    redirected: false,
    url: 'http://localhost/',
    headers: new Headers({ 'Content-Type': 'application/json' }),
    text: async () => '{"options":[]}',
  })) as unknown as typeof fetch
})

let last: ConditionFilter | null = null
function Harness({ initial }: { initial: ConditionFilter }) {
  const [value, setValue] = useState(initial)
  return (
    <ConditionEditor
      mode="profile"
      value={value}
      onChange={(v) => {
        last = v
        setValue(v)
      }}
    />
  )
}
const renderEditor = (initial: ConditionFilter) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <Harness initial={initial} />
      </NextIntlClientProvider>
    </SWRConfig>,
  )
const first = () => last!.condition_groups[0]!.conditions[0]!

test('a date property: anniversary by default, then relative windows, a calendar month and a static date', () => {
  renderEditor({
    condition_groups: [
      {
        conditions: [
          {
            type: 'profile-property',
            property: "properties['Birthday']",
            filter: { type: 'string', operator: 'equals', value: '' },
          },
        ],
      },
    ],
  })
  fireEvent.change(screen.getByLabelText('Value type'), { target: { value: 'date' } })
  expect(first().filter).toEqual({ type: 'date', operator: 'anniversary' })
  expect(screen.getByLabelText('Operator')).toHaveDisplayValue('is today (anniversary)')

  fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'anniversary-next' } })
  expect(first().filter).toEqual({ type: 'date', operator: 'anniversary-next', unit: 'day', quantity: 7 })
  fireEvent.change(screen.getByLabelText('Number'), { target: { value: '2' } })
  fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'week' } })
  expect(first().filter).toEqual({ type: 'date', operator: 'anniversary-next', unit: 'week', quantity: 2 })

  fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'calendar-month' } })
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: '12' } })
  expect(first().filter).toEqual({ type: 'date', operator: 'calendar-month', value: 12 })
  expect(screen.getByLabelText('Month')).toHaveDisplayValue('December')

  fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'before' } })
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-02-29' } })
  expect(first().filter).toEqual({ type: 'date', operator: 'before', date: '2024-02-29T00:00:00+00:00' })

  fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'at-least' } })
  expect(screen.getByText('ago')).toBeInTheDocument()
})

test('the region condition: in or not in the EU or the US', () => {
  renderEditor({
    condition_groups: [
      {
        conditions: [
          { type: 'profile-property', property: 'email', filter: { type: 'string', operator: 'equals', value: '' } },
        ],
      },
    ],
  })
  fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'profile-region' } })
  expect(first()).toEqual({ type: 'profile-region', in_region: true, region: 'european_union' })
  fireEvent.change(screen.getByLabelText('Membership'), { target: { value: 'no' } })
  fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'united_states' } })
  expect(first()).toEqual({ type: 'profile-region', in_region: false, region: 'united_states' })
})

test('a metric condition can count since the flow started; an unknown date operator is kept and labelled', () => {
  renderEditor({
    condition_groups: [
      {
        conditions: [
          {
            type: 'profile-metric',
            metric_id: 'M1',
            measurement: 'count',
            measurement_filter: { type: 'numeric', operator: 'greater-than', value: 0 },
            timeframe_filter: { type: 'date', operator: 'alltime' },
          },
          { type: 'profile-property', property: 'created', filter: { type: 'date', operator: 'some-future-operator' } },
        ],
      },
    ],
  })
  fireEvent.change(screen.getByLabelText('Timeframe'), { target: { value: 'flow-start' } })
  expect(first().timeframe_filter).toEqual({ type: 'date', operator: 'flow-start' })
  expect(screen.getByText('Unsupported: some-future-operator')).toBeInTheDocument()
})
