// The remaining lists, people and profile pages (issue 27 §4) in the browser: loading, empty and
// error states, and what each form sends.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { InactiveListsScreen } from '@/components/lists/inactive-lists-screen'
import { MergeProgressScreen, SegmentMonitorScreen, parseMergeTask } from '@/components/lists/list-progress-screens'
import { CloneGroupScreen } from '@/components/lists/clone-group-screen'
import { ExportChoosePropertiesScreen } from '@/components/lists/export-screens'
import { IdentityExplorerScreen } from '@/components/people/identity-explorer-screen'
import { ProfileCampaignCreateScreen } from '@/components/profile/profile-campaign-create-screen'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
}))

type Handler = (body: unknown, url: URL) => { status?: number; body: unknown }
let routes: Record<string, Handler>
const calls: Array<{ method: string; url: URL; body: unknown }> = []

beforeEach(() => {
  calls.length = 0
  push.mockReset()
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, url, body })
    const handler = routes[`${method} ${url.pathname}`]
    const res = handler ? handler(body, url) : { status: 404, body: { error: 'not_found' } }
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

function renderWith(ui: ReactNode, resources = ['groups_read', 'groups_write', 'profile_read', 'campaigns_write']) {
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
  member_count: 3,
  created_at: '2026-01-01T10:00:00.000Z',
  is_starred: false,
  is_processing: false,
  processing_percent: 100,
  opt_in_process: 'single_opt_in',
  definition: null,
  tags: [],
  ...extra,
})

describe('/lists/inactive', () => {
  test('lists the quiet groups with links, and the empty state when none', async () => {
    routes = {
      'GET /ajax/lists/inactive': () => ({
        body: { days: 90, data: [{ ...group('L1', 'Old list', 0), last_joined_at: null }] },
      }),
    }
    const { unmount } = renderWith(<InactiveListsScreen />)
    expect(await screen.findByRole('link', { name: 'Old list' })).toHaveAttribute('href', '/list/L1/old-list')
    expect(screen.getByText('Never')).toBeInTheDocument()
    unmount()
    routes = { 'GET /ajax/lists/inactive': () => ({ body: { days: 90, data: [] } }) }
    renderWith(<InactiveListsScreen />)
    expect(await screen.findByText('Every list is in use')).toBeInTheDocument()
  })

  test('a failed load shows the error state', async () => {
    routes = { 'GET /ajax/lists/inactive': () => ({ status: 500, body: { error: 'server_error' } }) }
    renderWith(<InactiveListsScreen />)
    expect(await screen.findByText('This could not be loaded', {}, { timeout: 4000 })).toBeInTheDocument()
  })
})

describe('progress pages', () => {
  test('the segment monitor shows its runs; a list gets the segments-only state', async () => {
    routes = {
      'GET /ajax/group/S1': () => ({ body: { group: group('S1', 'Paris', 1) } }),
      'GET /ajax/list/S1/recompute-runs': () => ({
        body: {
          is_processing: false,
          percent_complete: 100,
          member_count: 3,
          runs: [
            {
              id: 7,
              status: 'done',
              attempts: 1,
              last_error: null,
              created_at: '2026-02-01T10:00:00Z',
              finished_at: '2026-02-01T10:01:00Z',
            },
          ],
        },
      }),
      'GET /ajax/group/L1': () => ({ body: { group: group('L1', 'News', 0) } }),
    }
    const { unmount } = renderWith(<SegmentMonitorScreen groupId="S1" />)
    expect(await screen.findByRole('table', { name: 'Last recomputes' })).toBeInTheDocument()
    expect(screen.getByText('Done')).toBeInTheDocument()
    unmount()
    renderWith(<SegmentMonitorScreen groupId="L1" />)
    expect(await screen.findByText('This page is for segments')).toBeInTheDocument()
  })

  test('a merge task names its source list; a task of another list is unknown', async () => {
    expect(parseMergeTask('merge-L1-L2-1700000000000')).toMatchObject({ targetId: 'L1', sourceId: 'L2' })
    expect(parseMergeTask('nonsense')).toBeNull()
    routes = {
      'GET /ajax/group/L1': () => ({ body: { group: group('L1', 'News', 0) } }),
      'GET /ajax/group/L2': () => ({ body: { group: group('L2', 'Old news', 0) } }),
    }
    const { unmount } = renderWith(<MergeProgressScreen groupId="L1" taskId="merge-L1-L2-1700000000000" />)
    expect(await screen.findByRole('link', { name: 'Old news' })).toBeInTheDocument()
    unmount()
    renderWith(<MergeProgressScreen groupId="L1" taskId="merge-L9-L2-1700000000000" />)
    expect(await screen.findByText('This merge was not found')).toBeInTheDocument()
  })
})

test('clone posts the name and the members choice, then opens the copy', async () => {
  routes = {
    'GET /ajax/group/L1': () => ({ body: { group: group('L1', 'News', 0) } }),
    'POST /ajax/list/L1/clone': () => ({ status: 201, body: { group: group('L9', 'Copy of News', 0) } }),
  }
  renderWith(<CloneGroupScreen groupId="L1" />)
  expect(await screen.findByDisplayValue('Copy of News')).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('clone-copy-members'))
  fireEvent.click(screen.getByTestId('clone-submit'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/list/L9/copy-of-news'))
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Copy of News', copy_members: true })
})

test('export posts the chosen columns and opens the status page', async () => {
  routes = {
    'GET /ajax/group/L1': () => ({ body: { group: group('L1', 'News', 0) } }),
    'POST /ajax/list/L1/export': () => ({ status: 202, body: { download: { download_id: 5 } } }),
  }
  renderWith(<ExportChoosePropertiesScreen groupId="L1" />)
  fireEvent.click(await screen.findByTestId('col-city'))
  fireEvent.click(screen.getByTestId('export-submit'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/list/L1/export/status?download=5'))
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    columns: ['email', 'first_name', 'last_name', 'city', 'joined_at'],
  })
})

test('the identity explorer shows the match and its merges, and the none-found state', async () => {
  routes = {
    'GET /ajax/people/identity': (_b, url) => ({
      body: {
        data:
          url.searchParams.get('identifier') === 'ida@a.test'
            ? [
                {
                  id: 'P1',
                  email: 'ida@a.test',
                  phone_number: null,
                  external_id: null,
                  anonymous_id: null,
                  first_name: 'Ida',
                  last_name: null,
                  created_at: '2026-01-01T00:00:00Z',
                  matched_on: ['email'],
                  merges: [{ merged_profile_id: 'P0', at: '2026-01-02T00:00:00Z' }],
                },
              ]
            : [],
      },
    }),
  }
  renderWith(<IdentityExplorerScreen />)
  expect(screen.getByText('Look up an identifier')).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('identity-search'))
  expect(await screen.findByText('Enter an identifier.')).toBeInTheDocument()
  fireEvent.change(screen.getByTestId('identity-input'), { target: { value: 'ida@a.test' } })
  fireEvent.click(screen.getByTestId('identity-search'))
  expect(await screen.findByRole('link', { name: 'Ida' })).toHaveAttribute('href', '/profile/P1')
  expect(screen.getByTestId('identity-merges')).toHaveTextContent('Profile P0')
  fireEvent.change(screen.getByTestId('identity-input'), { target: { value: 'nobody' } })
  fireEvent.click(screen.getByTestId('identity-search'))
  expect(await screen.findByText('No profile has this identifier')).toBeInTheDocument()
})

test('a profile campaign posts name and channel and opens the wizard; a field error is shown', async () => {
  let answer: { status: number; body: unknown } = {
    status: 400,
    body: { error: 'invalid', message: 'Invalid', field_errors: { channel: ['This profile has no phone number.'] } },
  }
  routes = {
    'GET /ajax/profile/P1': () => ({
      body: { profile: { id: 'P1', email: 'one@a.test', phoneNumber: null, firstName: 'One', lastName: null } },
    }),
    'POST /ajax/profile/P1/campaign': () => answer,
  }
  renderWith(<ProfileCampaignCreateScreen profileId="P1" />)
  fireEvent.change(await screen.findByTestId('campaign-name'), { target: { value: 'Hello' } })
  fireEvent.click(screen.getByTestId('campaign-submit'))
  expect(await screen.findByText('This profile has no phone number.')).toBeInTheDocument()
  answer = { status: 201, body: { campaign_id: 'C1', list_id: 'L1' } }
  fireEvent.change(screen.getByTestId('campaign-name'), { target: { value: 'Hello' } })
  fireEvent.click(screen.getByTestId('campaign-submit'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/campaign/C1/wizard'))
  expect(calls.filter((c) => c.method === 'POST').pop()!.body).toEqual({ name: 'Hello', channel: 'email' })
})
