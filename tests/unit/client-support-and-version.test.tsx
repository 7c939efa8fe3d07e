// The support form (no chat provider configured), the build-version check and the degraded-start banner.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import { SupportChat } from '@/components/shell/support-chat'
import { ToastProvider } from '@/components/shell/toasts'
import { BannerArea, BannerProvider } from '@/components/shell/banners'
import { DegradedBanner } from '@/components/shell/degraded-banner'
import { checkVersionOnce, installStaleBuildNavigation, isBuildStale, setBuildStale } from '@/lib/client/version-check'

function res(status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return {
    ok: status < 300,
    status,
    type: 'basic',
    redirected: false,
    url: '',
    headers: new Headers(headers),
    text: async () => JSON.stringify(body),
  } as unknown as Response
}

describe('support form', () => {
  const realFetch = globalThis.fetch
  afterEach(() => {
    globalThis.fetch = realFetch
  })

  function renderChat() {
    render(
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <ToastProvider>
          <SupportChat />
        </ToastProvider>
      </NextIntlClientProvider>,
    )
    fireEvent.click(screen.getByTestId('support-chat-button'))
  }

  it('the floating button opens the form; both fields are required and the message is limited to 5000 characters', async () => {
    const fetchMock = jest.fn()
    globalThis.fetch = fetchMock
    renderChat()
    expect(screen.getByTestId('support-chat-button')).toHaveAccessibleName('Contact support')
    fireEvent.click(screen.getByTestId('support-form-submit'))
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2)
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Help' } })
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(5001) } })
    fireEvent.click(screen.getByTestId('support-form-submit'))
    expect(await screen.findByText('Ensure this field has no more than 5000 characters')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('posts {subject, message, path} and confirms with a toast linking to the ticket', async () => {
    const fetchMock = jest.fn(async () => res(201, { ticket: { id: 12, subject: 'Help' } }))
    globalThis.fetch = fetchMock as unknown as typeof fetch
    renderChat()
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Help' } })
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'It broke' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('support-form-submit'))
    })
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/ajax/support/tickets')
    expect(JSON.parse(init.body as string)).toEqual({ subject: 'Help', message: 'It broke', path: '/' })
    expect(await screen.findByText('Your request #12 was sent. We’ll reply by email.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View request' })).toHaveAttribute('href', '/support/tickets/12')
    expect(screen.queryByTestId('support-form')).toBeNull()
  })
})

describe('version check', () => {
  afterEach(() => setBuildStale(false))

  it('HEADs the manifest without credentials and flags a different entrypoints hash', async () => {
    const fetchMock = jest.fn(async () => res(200, null, { 'x-entrypoints-hash': 'build-2' }))
    expect(await checkVersionOnce({ buildId: 'build-1', fetch: fetchMock as unknown as typeof fetch })).toBe(true)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/build-manifest.json')
    expect(init).toMatchObject({ method: 'HEAD', credentials: 'omit' })
    expect(isBuildStale()).toBe(true)
  })

  it('stays current on the same hash and reports failures', async () => {
    const same = jest.fn(async () => res(200, null, { 'x-entrypoints-hash': 'build-1' }))
    expect(await checkVersionOnce({ buildId: 'build-1', fetch: same as unknown as typeof fetch })).toBe(false)
    const report = jest.fn()
    const failing = jest.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    await checkVersionOnce({ buildId: 'build-1', fetch: failing as unknown as typeof fetch, report })
    expect(report).toHaveBeenCalledTimes(1)
  })

  it('once stale, a same-origin link click becomes a full page load', () => {
    const assign = jest.fn()
    const fakeWin = {
      location: { href: 'http://localhost/dashboard', origin: 'http://localhost', assign },
      document,
    } as unknown as Window
    const uninstall = installStaleBuildNavigation(fakeWin)
    const a = document.createElement('a')
    a.href = '/flows?x=1'
    document.body.appendChild(a)
    a.addEventListener('click', (e) => e.preventDefault()) // jsdom would otherwise try to navigate
    a.click()
    expect(assign).not.toHaveBeenCalled()
    setBuildStale(true)
    a.click()
    expect(assign).toHaveBeenCalledWith('/flows?x=1')
    uninstall()
    a.remove()
  })
})

describe('degraded start banner', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function renderWith(severity: 'low' | 'medium' | 'high') {
    render(
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <BannerProvider>
          <BannerArea />
          <DegradedBanner dataStatus={{ placeholder: true, cause: 'timeout', severity }} />
        </BannerProvider>
      </NextIntlClientProvider>,
    )
  }

  it('shows a warning banner 5000 ms after a degraded start of medium or high severity, once', () => {
    renderWith('high')
    act(() => {
      jest.advanceTimersByTime(4999)
    })
    expect(screen.queryByText(/couldn’t be loaded/)).toBeNull()
    act(() => {
      jest.advanceTimersByTime(1)
    })
    expect(screen.getByText(/couldn’t be loaded/)).toBeInTheDocument()
    act(() => {
      jest.advanceTimersByTime(20_000)
    })
    expect(screen.getAllByText(/couldn’t be loaded/)).toHaveLength(1)
  })

  it('stays quiet for low severity', () => {
    renderWith('low')
    act(() => {
      jest.advanceTimersByTime(10_000)
    })
    expect(screen.queryByText(/couldn’t be loaded/)).toBeNull()
  })
})
