// The session-expiry notice (seed 000 §2, §4): header and the one button per state, once per
// transition, suppressed on /portfolio-wizard for authenticated-other.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import { SessionExpiryModal } from '@/components/shell/session-expiry-modal'
import { SessionStore } from '@/lib/client/session-store'
import { parseSessionState } from '@/lib/client/session-state'

const rec = (v: string) => parseSessionState(v, Date.now())

function setup(path = '/dashboard') {
  const store = new SessionStore({ storage: () => null, eventTarget: () => null, readRawCookie: () => '7;42;;3600;v2' })
  store.connect()
  render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <SessionExpiryModal companyName="Demo Store" store={store} getPathname={() => path} />
    </NextIntlClientProvider>,
  )
  return store
}

const dialog = () => screen.queryByRole('dialog')
const action = () => screen.getByTestId('session-modal-action')

let open: jest.SpyInstance
beforeEach(() => {
  open = jest.spyOn(window, 'open').mockImplementation(() => null)
})
afterEach(() => open.mockRestore())

describe('SessionExpiryModal', () => {
  it('is hidden while the session is authenticated', () => {
    setup()
    expect(dialog()).toBeNull()
  })

  it('expired: header, company in the body, "Login to continue" opens /login in a new tab', () => {
    const store = setup()
    act(() => store.markExpired())
    expect(screen.getByRole('heading', { name: 'Your session has expired' })).toBeInTheDocument()
    expect(screen.getByTestId('session-expiry-modal')).toHaveTextContent('Demo Store')
    expect(screen.getAllByRole('button')).toHaveLength(1) // no header close button
    expect(action()).toHaveTextContent('Login to continue')
    fireEvent.click(action())
    expect(open).toHaveBeenCalledWith('/login', '_blank')
  })

  it('logged-out: its own header and "Login to continue"', () => {
    const store = setup()
    act(() => store.markLoggedOut())
    expect(screen.getByRole('heading', { name: 'You’ve been logged out' })).toBeInTheDocument()
    expect(action()).toHaveTextContent('Login to continue')
  })

  it('authenticated-other: "Dashboard" opens /dashboard in a new tab', () => {
    const store = setup()
    act(() => store.apply(rec('8;42;;3600;v2')))
    expect(screen.getByRole('heading', { name: 'You’re logged into another account' })).toBeInTheDocument()
    fireEvent.click(action())
    expect(open).toHaveBeenCalledWith('/dashboard', '_blank')
  })

  it('authenticated again: "Close" hides it', () => {
    const store = setup()
    act(() => store.markExpired())
    act(() => store.apply(rec('7;42;;3600;v2')))
    expect(screen.getByRole('heading', { name: 'You’re logged in again' })).toBeInTheDocument()
    expect(action()).toHaveTextContent('Close')
    fireEvent.click(action())
    expect(dialog()).toBeNull()
  })

  it('is shown once per transition', () => {
    const store = setup()
    act(() => store.markExpired())
    act(() => store.apply(rec('7;42;;3600;v2')))
    fireEvent.click(action())
    // the same state reported again (e.g. another tab's broadcast) does not reopen it
    act(() => store.apply(rec('7;42;;3600;v2')))
    expect(dialog()).toBeNull()
    // a new transition does
    act(() => store.markExpired())
    expect(dialog()).not.toBeNull()
  })

  it('is not shown again for a repeated expired report', () => {
    const store = setup()
    act(() => store.markExpired())
    act(() => store.apply(rec('7;42;;-1;v2'))) // expired again: no new transition
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
  })

  it('is suppressed on /portfolio-wizard for authenticated-other', () => {
    const store = setup('/portfolio-wizard')
    act(() => store.apply(rec('8;42;;3600;v2')))
    expect(dialog()).toBeNull()
    // but an expiry still shows there
    act(() => store.markLoggedOut())
    expect(dialog()).not.toBeNull()
  })

  it('does nothing when the session comes back without having been shown', () => {
    const store = setup('/portfolio-wizard')
    act(() => store.apply(rec('8;42;;3600;v2')))
    act(() => store.apply(rec('7;42;;3600;v2')))
    expect(dialog()).toBeNull()
  })
})
