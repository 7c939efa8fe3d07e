// Toast timing and queues (seed 000 §4, §9) with fake timers.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import {
  TOAST_ANIMATION_MS,
  TOAST_TIMEOUT_MS,
  ToastProvider,
  toast,
  useToast,
  type ToastInput,
} from '@/components/shell/toasts'
import type { StorageScope } from '@/components/ui/dismissal-storage'

function Harness({ scope }: { scope?: StorageScope }) {
  return (
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <ToastProvider storageScope={scope}>
        <ShowButton />
      </ToastProvider>
    </NextIntlClientProvider>
  )
}

let next: ToastInput
function ShowButton() {
  const { show } = useToast()
  return <button onClick={() => show(next)}>show</button>
}

function show(n: ToastInput) {
  next = n
  fireEvent.click(screen.getByText('show'))
}

const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms)
  })

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

beforeEach(() => {
  jest.useFakeTimers()
  window.localStorage.clear()
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
})
afterEach(() => {
  jest.useRealTimers()
})

test('exports the seed constants', () => {
  expect(TOAST_TIMEOUT_MS).toBe(5000)
  expect(TOAST_ANIMATION_MS).toBe(300)
})

test('auto-dismisses after 5000 ms plus the 300 ms exit animation', () => {
  render(<Harness />)
  show({ variant: 'info', content: 'Saved draft' })
  expect(screen.getByText('Saved draft')).toBeInTheDocument()
  advance(4999)
  expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'shown')
  advance(1)
  expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'leaving')
  advance(TOAST_ANIMATION_MS)
  expect(screen.queryByText('Saved draft')).not.toBeInTheDocument()
})

test('a sticky toast stays', () => {
  render(<Harness />)
  show({ variant: 'warning', content: 'Sticky', sticky: true })
  advance(60_000)
  expect(screen.getByText('Sticky')).toBeInTheDocument()
})

test('pauses while hovered and resumes with the remaining time', () => {
  render(<Harness />)
  show({ variant: 'info', content: 'Hover me' })
  advance(2000)
  fireEvent.mouseEnter(screen.getByTestId('toast'))
  advance(10_000)
  expect(screen.getByText('Hover me')).toBeInTheDocument()
  fireEvent.mouseLeave(screen.getByTestId('toast'))
  advance(2999)
  expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'shown')
  advance(1 + TOAST_ANIMATION_MS)
  expect(screen.queryByText('Hover me')).not.toBeInTheDocument()
})

test('pauses while the tab is hidden', () => {
  render(<Harness />)
  show({ variant: 'info', content: 'Background' })
  advance(1000)
  setVisibility('hidden')
  advance(30_000)
  expect(screen.getByText('Background')).toBeInTheDocument()
  setVisibility('visible')
  advance(3999)
  expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'shown')
  advance(1 + TOAST_ANIMATION_MS)
  expect(screen.queryByText('Background')).not.toBeInTheDocument()
})

test('success and other toasts use separate queues and regions', () => {
  render(<Harness />)
  show({ variant: 'success', content: 'Campaign scheduled' })
  show({ variant: 'error', content: 'Could not save' })
  const success = screen.getByTestId('toasts-success')
  const other = screen.getByTestId('toasts-other')
  expect(within(success).getByText('Campaign scheduled')).toBeInTheDocument()
  expect(within(success).queryByText('Could not save')).not.toBeInTheDocument()
  expect(within(other).getByRole('alert')).toHaveTextContent('Could not save')
  expect(within(success).getByRole('status')).toHaveTextContent('Campaign scheduled')
})

test('each queue shows three at a time; the next appears when one leaves', () => {
  render(<Harness />)
  for (const n of [1, 2, 3, 4]) show({ variant: 'error', content: `Error ${n}`, sticky: true })
  show({ variant: 'success', content: 'Done', sticky: true })
  expect(screen.queryByText('Error 4')).not.toBeInTheDocument()
  expect(screen.getByText('Done')).toBeInTheDocument()
  fireEvent.click(
    within(screen.getByText('Error 1').closest('[data-testid="toast"]') as HTMLElement).getByRole('button', {
      name: 'Dismiss notification',
    }),
  )
  advance(TOAST_ANIMATION_MS)
  expect(screen.getByText('Error 4')).toBeInTheDocument()
})

test('a dismissed toast with appStorageKey never shows again for that company and user', () => {
  const onClose = jest.fn()
  const { unmount } = render(<Harness scope={{ companyId: 1, userId: 10 }} />)
  show({ variant: 'intelligence', content: 'New: smart send time', appStorageKey: 'sst-intro', onClose })
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
  advance(TOAST_ANIMATION_MS)
  expect(onClose).toHaveBeenCalledTimes(1)
  expect(window.localStorage.getItem('kl:dismissed:1:10:sst-intro')).not.toBeNull()
  show({ variant: 'intelligence', content: 'New: smart send time', appStorageKey: 'sst-intro' })
  expect(screen.queryByText('New: smart send time')).not.toBeInTheDocument()
  unmount()

  render(<Harness scope={{ companyId: 1, userId: 11 }} />)
  show({ variant: 'intelligence', content: 'New: smart send time', appStorageKey: 'sst-intro' })
  expect(screen.getByText('New: smart send time')).toBeInTheDocument()
})

test('an auto-dismissed keyed toast is not remembered', () => {
  render(<Harness scope={{ companyId: 2, userId: 20 }} />)
  show({ variant: 'info', content: 'Tip', appStorageKey: 'tip' })
  advance(TOAST_TIMEOUT_MS + TOAST_ANIMATION_MS)
  expect(window.localStorage.getItem('kl:dismissed:2:20:tip')).toBeNull()
})

test('the toast() bus queues until the provider mounts', () => {
  toast({ variant: 'success', content: 'Queued before mount' })
  render(<Harness />)
  expect(screen.getByText('Queued before mount')).toBeInTheDocument()
})
