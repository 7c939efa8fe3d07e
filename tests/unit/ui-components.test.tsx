// UI kit behaviour: modal sizes and closing, spinner delay, tooltip, fields, table.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { Modal } from '@/components/ui/modal'
import { Spinner } from '@/components/ui/spinner'
import { Tooltip } from '@/components/ui/tooltip'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'

const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      {ui}
    </NextIntlClientProvider>,
  )

describe('Modal', () => {
  test.each(['medium', 'large', 'fullScreen'] as const)('renders the %s size in a portal on document.body', (size) => {
    wrap(
      <Modal open size={size} title="Rename flow" onClose={() => {}}>
        Body
      </Modal>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Rename flow' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAttribute('data-size', size)
    expect(dialog.parentElement?.parentElement).toBe(document.body)
    expect(dialog).toHaveFocus()
  })

  test('close button and Escape call onClose', () => {
    const onClose = jest.fn()
    wrap(
      <Modal open title="T" onClose={onClose}>
        Body
      </Modal>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  test('hideCloseButton hides the button and ignores Escape', () => {
    const onClose = jest.fn()
    wrap(
      <Modal open aria-label="Session expired" hideCloseButton onClose={onClose} footer={<button>Log in</button>}>
        Body
      </Modal>,
    )
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Session expired' }), { key: 'Escape' })
    expect(onClose).not.toHaveBeenCalled()
  })

  test('renders nothing when closed', () => {
    wrap(
      <Modal open={false} title="T">
        Body
      </Modal>,
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('Spinner', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  test('renders nothing before 100 ms, then a status', () => {
    wrap(<Spinner size="huge" />)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    act(() => {
      jest.advanceTimersByTime(99)
    })
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    act(() => {
      jest.advanceTimersByTime(1)
    })
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveAttribute('data-size', 'huge')
  })

  test('honours a custom delay', () => {
    wrap(<Spinner delayMs={500} />)
    act(() => {
      jest.advanceTimersByTime(499)
    })
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    act(() => {
      jest.advanceTimersByTime(1)
    })
    expect(screen.getByRole('status')).toBeInTheDocument()
  })
})

test('Tooltip shows on hover and on focus, and describes its trigger', () => {
  wrap(
    <Tooltip content="Opens in a new tab">
      <button>Preview</button>
    </Tooltip>,
  )
  const trigger = screen.getByRole('button', { name: 'Preview' })
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  fireEvent.focus(trigger)
  expect(screen.getByRole('tooltip')).toHaveTextContent('Opens in a new tab')
  expect(trigger).toHaveAccessibleDescription('Opens in a new tab')
  fireEvent.blur(trigger)
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  fireEvent.mouseEnter(trigger)
  expect(screen.getByRole('tooltip')).toBeInTheDocument()
})

test('TextField labels its input and announces the error', () => {
  wrap(<TextField label="Email" name="email" hint="We never share it" error="Enter a valid email" />)
  const input = screen.getByLabelText('Email')
  expect(input).toHaveAttribute('aria-invalid', 'true')
  expect(input).toHaveAccessibleDescription('We never share it Enter a valid email')
  expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email')
})

test('Select renders its options under a label', () => {
  wrap(
    <Select
      label="Timezone"
      name="tz"
      options={[
        { value: 'utc', label: 'UTC' },
        { value: 'cet', label: 'Berlin' },
      ]}
    />,
  )
  expect(screen.getByLabelText('Timezone')).toHaveDisplayValue('UTC')
  expect(screen.getAllByRole('option')).toHaveLength(2)
})

test('Table renders rows and the default empty text', () => {
  const columns = [
    { key: 'name', header: 'Name' },
    { key: 'sent', header: 'Sent', align: 'right' as const },
  ]
  const { unmount } = wrap(<Table columns={columns} rows={[{ id: 1, name: 'Welcome', sent: '1,204' }]} />)
  expect(screen.getByRole('columnheader', { name: 'Sent' })).toBeInTheDocument()
  expect(screen.getByRole('cell', { name: '1,204' })).toBeInTheDocument()
  unmount()
  wrap(<Table columns={columns} rows={[]} />)
  expect(screen.getByRole('cell', { name: 'No data available' })).toBeInTheDocument()
})

test('Button in loading state is busy and disabled', () => {
  wrap(
    <Button variant="primary" loading>
      Save
    </Button>,
  )
  const button = screen.getByRole('button')
  expect(button).toBeDisabled()
  expect(button).toHaveAttribute('aria-busy', 'true')
})

test('Notification: error is an alert with action and dismiss', () => {
  const onDismiss = jest.fn()
  const onClick = jest.fn()
  wrap(
    <Notification variant="error" title="Sync failed" action={{ label: 'Retry sync', onClick }} onDismiss={onDismiss}>
      Shopify did not answer.
    </Notification>,
  )
  expect(screen.getByRole('alert')).toHaveTextContent('Sync failed')
  fireEvent.click(screen.getByRole('button', { name: 'Retry sync' }))
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
  expect(onClick).toHaveBeenCalled()
  expect(onDismiss).toHaveBeenCalled()
})

test('EmptyState shows heading, body and actions', () => {
  wrap(<EmptyState heading="No flows yet" body="Create your first flow." actions={<button>Create flow</button>} />)
  expect(screen.getByRole('heading', { name: 'No flows yet' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Create flow' })).toBeInTheDocument()
})
