// /campaigns/library in the browser: a template starts a new email campaign with that template
// and opens the wizard; a sent campaign is cloned as a draft and opens the wizard; empty states
// say what to do; a read-only user sees no actions. Only fetch and the router are stand-ins.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { CampaignLibraryScreen } from '@/components/campaigns/library-screen'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/campaigns/library',
}))
let routes: Record<string, (url: URL, body: unknown) => { status?: number; body: unknown }>
let calls: Array<{ key: string; body: unknown }>
beforeEach(() => {
  push.mockReset()
  calls = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ key: `${key}${url.search}`, body })
    const h = routes[key]
    const res = h ? h(url, body) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
    const status = res.status ?? 200
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})
const wrap = (ui: ReactNode, resources = ['campaigns_read', 'campaigns_write']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          {ui}
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
const sent = {
  id: 'C9',
  name: 'Black Friday',
  channel: 'email',
  status: 'Sent',
  sentAt: '2026-11-20T09:00:00Z',
  scheduledAt: null,
}
const library = () => ({
  body: {
    templates: [{ id: 'T1', name: 'Monthly news', editorType: 'CODE', updatedAt: '2026-11-01T00:00:00Z' }],
    campaigns: [sent],
  },
})

test('a template starts a new email campaign with it and opens the wizard', async () => {
  routes = {
    'GET /ajax/campaign-library': library,
    'POST /ajax/campaigns': () => ({ status: 201, body: { campaign: { id: 'NEW1', messages: [{ id: 'M1' }] } } }),
    'POST /ajax/campaign/NEW1/templates': () => ({ body: { message: { id: 'M1' } } }),
  }
  wrap(<CampaignLibraryScreen />)
  fireEvent.click(await screen.findByTestId('use-template-T1'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/campaign/NEW1/wizard/audience'))
  expect(calls.find((c) => c.key === 'POST /ajax/campaigns')?.body).toMatchObject({
    name: 'Monthly news',
    channel: 'email',
  })
  expect(calls.find((c) => c.key === 'POST /ajax/campaign/NEW1/templates')?.body).toEqual({
    messageId: 'M1',
    templateId: 'T1',
  })
})

test('a sent campaign is cloned as a draft named as a copy, then the wizard opens; a failure is said', async () => {
  routes = {
    'GET /ajax/campaign-library': library,
    'POST /ajax/campaign/C9/clone': () => ({ status: 201, body: { campaign: { id: 'CLONE1' } } }),
  }
  const { unmount } = wrap(<CampaignLibraryScreen />)
  expect(await screen.findByRole('link', { name: 'Black Friday' })).toHaveAttribute(
    'href',
    '/campaign/C9/reports/overview',
  )
  fireEvent.click(screen.getByTestId('clone-C9'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/campaign/CLONE1/wizard/audience'))
  expect(calls.find((c) => c.key === 'POST /ajax/campaign/C9/clone')?.body).toEqual({ name: 'Black Friday (copy)' })
  routes['POST /ajax/campaign/C9/clone'] = () => ({
    status: 409,
    body: { error: 'conflict', message: 'The campaign was deleted.' },
  })
  push.mockReset()
  unmount() // the page navigated away; a fresh visit tries again
  wrap(<CampaignLibraryScreen />)
  fireEvent.click(await screen.findByTestId('clone-C9'))
  expect(await screen.findByText('The campaign was deleted.')).toBeInTheDocument()
  expect(push).not.toHaveBeenCalled()
})

test('empty library: how to make a template; SMS hides templates; search and channel reach the server', async () => {
  routes = { 'GET /ajax/campaign-library': () => ({ body: { templates: [], campaigns: [] } }) }
  wrap(<CampaignLibraryScreen />)
  expect(await screen.findByText('No email templates yet')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Create a template' })).toHaveAttribute('href', '/email-templates/create')
  expect(screen.getByText('Nothing sent yet')).toBeInTheDocument()
  fireEvent.change(screen.getByTestId('library-channel'), { target: { value: 'sms' } })
  await waitFor(() => expect(calls.some((c) => c.key.includes('channel=sms'))).toBe(true))
  expect(screen.queryByText('Your email templates')).not.toBeInTheDocument()
  fireEvent.change(screen.getByTestId('library-search'), { target: { value: 'sale' } })
  await waitFor(() => expect(calls.some((c) => c.key.includes('q=sale'))).toBe(true))
})

test('a read-only user sees the library without actions', async () => {
  routes = { 'GET /ajax/campaign-library': library }
  wrap(<CampaignLibraryScreen />, ['campaigns_read'])
  expect(await screen.findByText('Monthly news')).toBeInTheDocument()
  expect(screen.queryByTestId('use-template-T1')).not.toBeInTheDocument()
  expect(screen.queryByTestId('clone-C9')).not.toBeInTheDocument()
})
