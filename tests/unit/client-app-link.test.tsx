// AppLink (seed 000 §2 "Navigation rules"): unsafe parameter values dropped, unregistered paths
// reported, the previous path remembered.
import { fireEvent, render, screen } from '@testing-library/react'
import { AppLink, safeHref } from '@/components/shell/app-link'
import { getPreviousPath } from '@/lib/client/prev-path'

describe('AppLink', () => {
  it('drops search-parameter values that fail the safe-URL check', () => {
    expect(safeHref('/flows?next=javascript:alert(1)&page=2#top')).toEqual({
      href: '/flows?page=2#top',
      internalPath: '/flows',
    })
    expect(safeHref('https://example.com/x?a=javascript:1').href).toBe('https://example.com/x?a=javascript:1')
  })

  it('reports links to unregistered paths once, and not registered ones', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    const realFetch = globalThis.fetch
    const fetchMock = jest.fn(async () => ({ ok: true }))
    globalThis.fetch = fetchMock as unknown as typeof fetch
    try {
      render(
        <>
          <AppLink href="/dashboard">home</AppLink>
          <AppLink href="/no-such-area/x">bad</AppLink>
          <AppLink href="/no-such-area/x">bad again</AppLink>
        </>,
      )
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0][0]).toContain('/no-such-area/x')
      expect(fetchMock).toHaveBeenCalledWith('/ajax/client-errors', expect.objectContaining({ method: 'POST' }))
    } finally {
      globalThis.fetch = realFetch
      warn.mockRestore()
    }
  })

  it('remembers the previous path on a plain click', () => {
    window.history.replaceState(null, '', '/lists?tab=2')
    render(
      <AppLink href="/dashboard" onClick={(e) => e.preventDefault()}>
        go
      </AppLink>,
    )
    fireEvent.click(screen.getByText('go'))
    expect(getPreviousPath()).toBeNull() // a handler that cancels the navigation wins
    render(<AppLink href="/flows">flows</AppLink>)
    fireEvent.click(screen.getByText('flows'))
    expect(getPreviousPath()).toBe('/lists?tab=2')
  })
})
