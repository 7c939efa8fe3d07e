// The form editor's pieces with Testing Library: the block editor (a button's action, list and
// hidden fields; a dropdown's options; server errors at the field their JSON pointer names), the
// targeting panel (each behaviour and audience rule as the vendor's trigger object) and the
// publish schedule (its checks and the value it hands on). Real components, real messages.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { useState } from 'react'
import messages from '@/messages/en-US.json'
import { BlockEditor } from '@/components/forms/editor/block-editor'
import { TargetingPanel } from '@/components/forms/editor/targeting-panel'
import { SchedulePanel } from '@/components/forms/editor/schedule-panel'
import { newBlock } from '@/components/forms/editor/block-catalog'
import type { FormBlock, FormDefinition } from '@/components/forms/definition-types'
import type { ScheduleValue } from '@/components/forms/forms-types'

const wrap = (ui: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      {ui}
    </NextIntlClientProvider>,
  )
const LISTS = [
  { id: 'Ls1', name: 'Newsletter' },
  { id: 'Ls2', name: 'VIP' },
]

let lastBlock: FormBlock | null = null
function BlockHarness({ initial, errors }: { initial: FormBlock; errors?: Record<string, string> }) {
  const [block, setBlock] = useState(initial)
  return (
    <BlockEditor
      block={block}
      errors={errors}
      lists={LISTS}
      canMoveUp={false}
      canMoveDown
      onChange={(b) => {
        lastBlock = b
        setBlock(b)
      }}
      onMove={() => {}}
      onRemove={() => {}}
    />
  )
}

test('a button: label, submit to a list, go to an address, hidden fields', () => {
  wrap(<BlockHarness initial={newBlock('button', 'Ls1')} />)
  fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'Get 10 % off' } })
  expect(lastBlock).toMatchObject({
    type: 'button',
    properties: { label: 'Get 10 % off' },
    action: { type: 'next_step', submit: true, properties: { list_id: 'Ls1' } },
  })

  fireEvent.change(screen.getByLabelText('Subscribe to list'), { target: { value: 'Ls2' } })
  expect(lastBlock!.action).toEqual({ type: 'next_step', submit: true, properties: { list_id: 'Ls2' } })

  fireEvent.change(screen.getByLabelText('When clicked'), { target: { value: 'redirect' } })
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'https://shop.example.com/sale' } })
  fireEvent.click(screen.getByLabelText('Submit the form first'))
  expect(lastBlock!.action).toEqual({
    type: 'redirect',
    submit: true,
    properties: { url: 'https://shop.example.com/sale', new_window: false },
  })

  fireEvent.change(screen.getByLabelText('When clicked'), { target: { value: 'close' } })
  expect(lastBlock!.action).toEqual({ type: 'close', submit: false })
  fireEvent.change(screen.getByLabelText('When clicked'), { target: { value: 'nextStep' } })
  expect(lastBlock!.action).toEqual({ type: 'next_step', submit: false })

  fireEvent.click(screen.getByRole('button', { name: 'Add hidden field' }))
  fireEvent.change(screen.getByLabelText('Property'), { target: { value: 'source' } })
  fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'footer' } })
  expect(lastBlock!.properties!.additional_fields).toEqual([{ name: 'source', value: 'footer' }])
  fireEvent.click(screen.getByRole('button', { name: 'Remove hidden field 1' }))
  expect(lastBlock!.properties!.additional_fields).toBeNull()
})

test('a dropdown: options added, renamed (value follows) and removed; shown on phones only', () => {
  wrap(<BlockHarness initial={newBlock('dropdown')} />)
  fireEvent.click(screen.getByRole('button', { name: 'Add option' }))
  fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'Gift ideas' } })
  expect(lastBlock!.properties!.options).toEqual([
    { label: 'Option 1', value: 'option_1' },
    { label: 'Gift ideas', value: 'gift_ideas' },
  ])
  fireEvent.click(screen.getByRole('button', { name: 'Remove option 1' }))
  expect(lastBlock!.properties!.options).toEqual([{ label: 'Gift ideas', value: 'gift_ideas' }])
  fireEvent.change(screen.getByLabelText('Profile property'), { target: { value: 'interest' } })
  fireEvent.click(screen.getByLabelText('Required'))
  fireEvent.change(screen.getByLabelText('Show on'), { target: { value: 'mobile' } })
  expect(lastBlock!.properties).toMatchObject({ property_name: 'interest', required: true, display_device: ['mobile'] })
})

test("the server's pointer errors show at the field they name", () => {
  wrap(
    <BlockHarness
      initial={newBlock('textField')}
      errors={{ '/properties/property_name': 'A property name is required.', '': 'This block is not allowed here.' }}
    />,
  )
  const field = screen.getByLabelText('Profile property')
  expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(within(field.closest('div')!.parentElement!).getByText('A property name is required.')).toBeInTheDocument()
  expect(screen.getByText('This block is not allowed here.')).toHaveAttribute('role', 'alert')
})

test("a button's action error (a submit on the last step) shows at its action", () => {
  wrap(
    <BlockHarness
      initial={newBlock('button', 'Ls1')}
      errors={{ '/action/type': 'Goes to the next step, but this is the last step.' }}
    />,
  )
  expect(screen.getByLabelText('When clicked')).toHaveAttribute('aria-invalid', 'true')
  expect(screen.getByText('Goes to the next step, but this is the last step.')).toBeInTheDocument()
})

let lastDef: FormDefinition | null = null
function TargetingHarness({ initial, errors }: { initial: FormDefinition; errors?: Record<string, string> }) {
  const [def, setDef] = useState(initial)
  return (
    <TargetingPanel
      definition={def}
      errors={errors}
      audiences={[
        { id: 'Ls1', name: 'Newsletter', type: 0 },
        { id: 'Sg1', name: 'Big spenders', type: 1 },
      ]}
      onChange={(d) => {
        lastDef = d
        setDef(d)
      }}
    />
  )
}
const BASE: FormDefinition = { type: 'popup', steps: [{ columns: [{ rows: [] }] }], triggers: [] }
const trigger = (type: string) => lastDef!.triggers!.find((t) => t.type === type)

test('targeting: behaviours, pages, devices, visitors, lists and segments, countries, frequency', () => {
  wrap(<TargetingHarness initial={BASE} />)
  fireEvent.click(screen.getByLabelText('After a delay'))
  fireEvent.change(screen.getByLabelText('Seconds'), { target: { value: '8' } })
  expect(trigger('delay')).toEqual({ type: 'delay', properties: { seconds: 8 } })
  fireEvent.click(screen.getByLabelText('When the visitor is about to leave'))
  expect(trigger('exit_intent')).toEqual({ type: 'exit_intent' })
  fireEvent.click(screen.getByLabelText('After scrolling'))
  fireEvent.change(screen.getByLabelText('Percent of the page'), { target: { value: '150' } })
  expect(trigger('scroll_percentage')).toEqual({ type: 'scroll_percentage', properties: { percentage: 100 } })
  fireEvent.click(screen.getByLabelText('After a number of page views'))
  expect(trigger('page_visits')).toEqual({ type: 'page_visits', properties: { pages: 3 } })
  fireEvent.change(screen.getByLabelText('Show when'), { target: { value: 'all' } })
  expect(lastDef!.properties).toEqual({ rule_based_trigger_evaluation: 'all' })

  fireEvent.change(screen.getByLabelText('Only on these pages'), { target: { value: '/products/*\n/sale' } })
  fireEvent.change(screen.getByLabelText('Never on these pages'), { target: { value: '/checkout' } })
  expect(trigger('url_patterns')).toEqual({
    type: 'url_patterns',
    properties: { allow_list: ['/products/*', '/sale'], deny_list: ['/checkout'] },
  })
  fireEvent.change(screen.getByLabelText('Devices'), { target: { value: 'mobile' } })
  expect(trigger('device')).toEqual({ type: 'device', properties: { device: 'mobile' } })

  fireEvent.change(screen.getByLabelText('Visitors'), { target: { value: 'unidentified' } })
  expect(trigger('unidentified_profiles')).toBeDefined()
  fireEvent.change(screen.getByLabelText('Visitors'), { target: { value: 'identified' } })
  expect(trigger('unidentified_profiles')).toBeUndefined()
  expect(trigger('identified_profiles')).toEqual({ type: 'identified_profiles' })

  fireEvent.change(screen.getByLabelText('Newsletter'), { target: { value: 'deny' } })
  fireEvent.change(screen.getByLabelText('Big spenders'), { target: { value: 'allow' } })
  expect(trigger('lists_and_segments')).toEqual({
    type: 'lists_and_segments',
    properties: { allow_list: ['Sg1'], deny_list: ['Ls1'] },
  })
  fireEvent.change(screen.getByLabelText('Countries'), { target: { value: 'us, ca' } })
  expect(trigger('location')).toEqual({ type: 'location', properties: { allow_list: ['US', 'CA'] } })

  fireEvent.click(screen.getByLabelText('After a close, wait before showing again'))
  fireEvent.change(screen.getByLabelText('Days'), { target: { value: '14' } })
  fireEvent.click(screen.getByLabelText('Never again after a submit'))
  expect(trigger('after_close_or_submit_timeout')).toEqual({
    type: 'after_close_or_submit_timeout',
    properties: { timeout_days: 14 },
  })
  expect(trigger('previously_submitted')).toEqual({ type: 'previously_submitted' })

  // Turning a behaviour off removes its trigger; the others stay in order.
  fireEvent.click(screen.getByLabelText('After a delay'))
  expect(lastDef!.triggers!.map((t) => t.type)).toEqual([
    'exit_intent',
    'scroll_percentage',
    'page_visits',
    'url_patterns',
    'device',
    'identified_profiles',
    'lists_and_segments',
    'location',
    'after_close_or_submit_timeout',
    'previously_submitted',
  ])
})

test("targeting: a trigger's server error shows beside it", () => {
  const def: FormDefinition = {
    ...BASE,
    triggers: [
      { type: 'delay', properties: { seconds: 5 } },
      { type: 'location', properties: { allow_list: ['ZZ'] } },
    ],
  }
  wrap(
    <TargetingHarness initial={def} errors={{ '/triggers/1/properties/allow_list/0': 'Unknown country code ZZ.' }} />,
  )
  expect(screen.getByText('Unknown country code ZZ.')).toBeInTheDocument()
  expect(screen.getByLabelText('Countries')).toHaveAttribute('aria-invalid', 'true')
})

test('schedule: date, time and time zone are required, the end comes after the start, and the value is handed on', () => {
  const onSchedule = jest.fn<void, [ScheduleValue]>()
  const onClear = jest.fn()
  wrap(<SchedulePanel value={null} canWrite onSchedule={onSchedule} onClear={onClear} />)
  expect(screen.getByText('No schedule: the form is live only while you publish it.')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Remove schedule' })).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }))
  expect(screen.getByRole('alert')).toHaveTextContent('Enter the date and time it goes live.')
  expect(onSchedule).not.toHaveBeenCalled()

  const [startDate, endDate] = [() => screen.getAllByLabelText('Date')[0]!, () => screen.getAllByLabelText('Date')[1]!]
  fireEvent.change(startDate(), { target: { value: '2026-12-01' } })
  fireEvent.change(screen.getAllByLabelText('Time')[0]!, { target: { value: '09:30' } })
  fireEvent.change(screen.getAllByLabelText('Time zone')[0]!, { target: { value: 'Europe/Berlin' } })
  fireEvent.click(screen.getByLabelText('Stop at a set time'))
  fireEvent.change(endDate(), { target: { value: '2026-11-30' } })
  fireEvent.change(screen.getAllByLabelText('Time zone')[1]!, { target: { value: 'Europe/Berlin' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }))
  expect(screen.getByRole('alert')).toHaveTextContent('It must stop after it goes live.')

  fireEvent.change(endDate(), { target: { value: '2026-12-24' } })
  fireEvent.change(screen.getAllByLabelText('Time')[1]!, { target: { value: '18:00' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }))
  expect(onSchedule).toHaveBeenCalledWith({
    publishAt: { date: '2026-12-01', time: '09:30', timezone: 'Europe/Berlin' },
    unpublishAt: { date: '2026-12-24', time: '18:00', timezone: 'Europe/Berlin' },
  })
})

test('schedule: an existing schedule is shown, saved again without its UTC instant, can be removed, and server field errors show at their field', () => {
  const onClear = jest.fn()
  const onSchedule = jest.fn<void, [ScheduleValue]>()
  wrap(
    <SchedulePanel
      value={{
        publishAt: { date: '2026-12-01', time: '09:00', timezone: 'UTC', dateTime: '2026-12-01T09:00:00.000Z' },
        unpublishAt: null,
      }}
      canWrite
      errors={{ 'publishAt.date': 'That date has passed.' }}
      onSchedule={onSchedule}
      onClear={onClear}
    />,
  )
  expect(screen.getAllByLabelText('Date')[0]).toHaveValue('2026-12-01')
  // The server's UTC dateTime is not sent back (its schedule body takes date, time and zone only).
  fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }))
  expect(onSchedule).toHaveBeenCalledWith({
    publishAt: { date: '2026-12-01', time: '09:00', timezone: 'UTC' },
    unpublishAt: null,
  })
  expect(screen.getByText('That date has passed.')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Remove schedule' }))
  expect(onClear).toHaveBeenCalled()
})

test('schedule: read-only without write access', () => {
  wrap(<SchedulePanel value={null} canWrite={false} onSchedule={() => {}} onClear={() => {}} />)
  expect(screen.getAllByLabelText('Date')[0]).toBeDisabled()
  expect(screen.queryByRole('button', { name: 'Save schedule' })).toBeNull()
})
