// The /lists screen: lists and segments in one table, filters sent to the server, stars, bulk
// delete with confirmation, the empty state of a new account, and the members table paging.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ListsScreen } from '@/components/lists/lists-screen'
import { MembersTable } from '@/components/lists/members-table'
import { slugOf } from '@/components/lists/slug'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}))

type Handler = (body: unknown, url: URL) => { status?: number; body: unknown }
let routes: Record<string, Handler>
const calls: Array<{ method: string; url: URL; body: unknown }> = []

beforeEach(() => {
  calls.length = 0
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, url, body })
    const handler = routes[`${method} ${url.pathname}`]
    const res = handler ? handler(body, url) : { status: 404, body: { error: 'not_found' } }
    const status = res.status ?? 200
    // jsdom has no Response class: the few fields the http module reads.
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

function renderWith(ui: ReactNode, resources = ['groups_read', 'groups_write', 'profile_read']) {
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          {ui}
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

const group = (id: string, name: string, type: 0 | 1, extra: object = {}) => ({
  id,
  name,
  type,
  member_count: 1200,
  created_at: '2026-03-01T10:00:00.000Z',
  is_starred: false,
  is_processing: false,
  processing_percent: 100,
  ...extra,
})

test('lists and segments share one table with links, badges and counts', async () => {
  routes = {
    'GET /ajax/group': () => ({
      body: { data: [group('AbC123', 'Newsletter', 0), group('XyZ789', 'VIP buyers', 1)], next_cursor: null, total: 2 },
    }),
  }
  renderWith(<ListsScreen />)
  const link = await screen.findByRole('link', { name: 'Newsletter' })
  expect(link).toHaveAttribute('href', '/list/AbC123/newsletter')
  const row = link.closest('tr')!
  expect(within(row).getByText('List')).toBeInTheDocument()
  expect(within(row).getByText('1,200')).toBeInTheDocument()
  expect(
    within(screen.getByRole('link', { name: 'VIP buyers' }).closest('tr')!).getByText('Segment'),
  ).toBeInTheDocument()
  expect(screen.getByTestId('pager-range')).toHaveTextContent('1–2 of 2')
})

test('search (debounced), type and starred filters go to the server', async () => {
  routes = {
    'GET /ajax/group': () => ({ body: { data: [group('AbC123', 'Newsletter', 0)], next_cursor: null, total: 1 } }),
  }
  renderWith(<ListsScreen />)
  await screen.findByRole('link', { name: 'Newsletter' })
  fireEvent.click(screen.getByRole('button', { name: 'Segments' }))
  await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('type')).toBe('1'))
  fireEvent.click(screen.getByTestId('starred-filter'))
  await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('starred')).toBe('true'))
  expect(window.location.pathname).toBe('/lists/starred')
  fireEvent.change(screen.getByTestId('lists-search'), { target: { value: 'vi' } })
  fireEvent.change(screen.getByTestId('lists-search'), { target: { value: 'vip' } })
  await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('search')).toBe('vip'))
  expect(calls.filter((c) => c.url.searchParams.get('search') === 'vi')).toHaveLength(0)
})

test('a star toggles with PATCH', async () => {
  routes = {
    'GET /ajax/group': () => ({ body: { data: [group('AbC123', 'Newsletter', 0)], next_cursor: null, total: 1 } }),
    'PATCH /ajax/group/AbC123': (b) => ({
      body: { group: { ...group('AbC123', 'Newsletter', 0), is_starred: (b as { is_starred: boolean }).is_starred } },
    }),
  }
  renderWith(<ListsScreen />)
  const star = await screen.findByRole('button', { name: 'Star Newsletter' })
  await act(async () => {
    fireEvent.click(star)
  })
  await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true))
  expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ is_starred: true })
  expect(await screen.findByRole('button', { name: 'Remove the star from Newsletter' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
})

test('bulk delete asks first, then deletes the selected groups', async () => {
  let deleted: string[] = []
  routes = {
    'GET /ajax/group': () => ({
      body: {
        data: [group('AbC123', 'Newsletter', 0), group('XyZ789', 'VIP buyers', 1)].filter(
          (g) => !deleted.includes(g.id),
        ),
        next_cursor: null,
        total: 2 - deleted.length,
      },
    }),
    'POST /ajax/group/bulk_delete': (b) => {
      deleted = (b as { ids: string[] }).ids
      return { body: { deleted: deleted.length } }
    },
  }
  renderWith(<ListsScreen />)
  await screen.findByRole('link', { name: 'Newsletter' })
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select VIP buyers' }))
  fireEvent.click(screen.getByTestId('bulk-delete'))
  const dialog = screen.getByRole('dialog')
  expect(dialog).toHaveTextContent('Delete 1 list or segment?')
  await act(async () => {
    fireEvent.click(within(dialog).getByTestId('confirm-delete'))
  })
  await waitFor(() => expect(screen.queryByRole('link', { name: 'VIP buyers' })).not.toBeInTheDocument())
  expect(deleted).toEqual(['XyZ789'])
})

test('a new account sees how to start; without write permission, no create buttons', async () => {
  routes = { 'GET /ajax/group': () => ({ body: { data: [], next_cursor: null, total: 0 } }) }
  const { unmount } = renderWith(<ListsScreen />)
  expect(await screen.findByText('Build your audience')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute('href', '/lists/create')
  expect(screen.getByRole('link', { name: 'Segment' })).toHaveAttribute('href', '/lists/create/segment')
  unmount()
  renderWith(<ListsScreen />, ['groups_read'])
  expect(await screen.findByText('Build your audience')).toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'List' })).not.toBeInTheDocument()
  expect(screen.queryByTestId('create-group-menu')).not.toBeInTheDocument()
})

test('members page by offset and link to profiles', async () => {
  const member = (i: number) => ({
    profile_id: `P${i}`,
    email: `p${i}@x.io`,
    phone_number: null,
    first_name: 'Ada',
    last_name: null,
    source: 'import',
    entered_at: '2026-03-01T10:00:00.000Z',
  })
  routes = {
    'GET /ajax/list/AbC123/members': (_b, url) => {
      const offset = Number(url.searchParams.get('cursor') ?? 0)
      return {
        body: {
          data: Array.from({ length: offset ? 5 : 25 }, (_, i) => member(offset + i)),
          next_cursor: offset ? null : '25',
          total: 30,
        },
      }
    },
  }
  renderWith(<MembersTable groupId="AbC123" isList canWrite />)
  expect(await screen.findByRole('link', { name: 'p0@x.io' })).toHaveAttribute('href', '/profile/P0')
  expect(screen.getByTestId('pager-range')).toHaveTextContent('1–25 of 30')
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('link', { name: 'p25@x.io' })).toBeInTheDocument()
  expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe('25')
  expect(screen.getByTestId('pager-range')).toHaveTextContent('26–30 of 30')
})

test('slugs are readable and never empty', () => {
  expect(slugOf('Newsletter — Café Fans!')).toBe('newsletter-cafe-fans')
  expect(slugOf('🙂')).toBe('list')
})
