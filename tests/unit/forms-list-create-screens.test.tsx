// The /forms listing and /forms/create in jsdom with a stand-in network: the empty state leads to
// create; rows show status, type, list, views and submit rate (from the listing stats call); the
// status filter and the sort reach the listing query; delete asks first; the create screen
// preselects ?list=, names the form after the chosen template and opens the new version's editor.
// Also the test-on-site address check (only http(s), the token added).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { FormsScreen } from '@/components/forms/list/forms-screen'
import { CreateFormScreen } from '@/components/forms/create/create-form-screen'
import { previewUrl } from '@/components/forms/test/form-test-live-screen'
import enUS from '@/messages/en-US.json'
import { installFetch, type Handler } from '../helpers/flow-builder-render'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn(), back: jest.fn() }),
}))

const ITEM = {
  id: 'Fm1',
  name: 'Welcome popup',
  status: 'live',
  type: 'popup',
  channelType: 'email',
  hasBeenLive: true,
  lastPublishedTimestamp: '2026-11-27T10:00:00Z',
  updateTimestamp: '2026-11-28T10:00:00Z',
  lists: [{ id: 'Ls1', name: 'Newsletter', type: 'static' }],
  liveExperiment: null,
  draftExperimentVariationCount: 0,
  schedule: null,
}
let listQueries: URLSearchParams[] = []
let items: unknown[] = []
const deleted: string[] = []

function routes(extra: Record<string, Handler> = {}) {
  installFetch({
    'GET /ajax/forms': () => ({ body: { forms: items, totalCount: items.length } }),
    'GET /ajax/forms-listing-stats': () => ({
      body: { stats: { Fm1: { views: 200, submits: 9, submitRate: 0.045 } } },
    }),
    'DELETE /ajax/forms/Fm1': () => {
      deleted.push('Fm1')
      items = []
      return { body: { deleted: true } }
    },
    'GET /ajax/forms/templates': () => ({
      body: {
        templates: [
          { key: 'discount_popup', name: 'Discount popup', description: 'x', formType: 'popup', channelType: 'email' },
          {
            key: 'newsletter_embed',
            name: 'Newsletter embed',
            description: 'y',
            formType: 'embed',
            channelType: 'email',
          },
        ],
      },
    }),
    'GET /ajax/lists/simple': () => ({
      body: [
        { id: 'Ls1', name: 'Newsletter', type: 0 },
        { id: 'Ls2', name: 'VIP', type: 0 },
      ],
    }),
    ...extra,
  })
  // Record the listing's query strings.
  const inner = globalThis.fetch
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/ajax/forms') listQueries.push(url.searchParams)
    return inner(input, init)
  }) as typeof fetch
}

function renderWith(ui: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="en-US" messages={enUS} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={
            { authorization: { resources: ['forms_read', 'forms_write', 'groups_read'] } } as unknown as StartupData
          }
        >
          {ui}
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

beforeEach(() => {
  listQueries = []
  items = []
  deleted.length = 0
  push.mockReset()
})

test('an empty account: the empty state leads to /forms/create', async () => {
  routes()
  renderWith(<FormsScreen />)
  expect(await screen.findByRole('heading', { name: 'No signup forms yet' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Create your first form' })).toHaveAttribute('href', '/forms/create')
})

test('rows, stats, filter, sort and delete with a confirmation', async () => {
  items = [
    ITEM,
    {
      ...ITEM,
      id: 'Fm2',
      name: 'Winter embed',
      status: 'scheduled',
      type: 'full_page',
      lists: [],
      schedule: {
        id: 'Fm2',
        publishAt: {
          date: '2030-01-15',
          time: '09:30',
          timezone: 'Europe/Berlin',
          dateTime: '2030-01-15T08:30:00.000Z',
        },
        unpublishAt: null,
      },
    },
  ]
  routes()
  renderWith(<FormsScreen />)
  const row = (await screen.findByRole('link', { name: 'Welcome popup' })).closest('tr')!
  expect(within(row).getByTestId('form-status')).toHaveTextContent('Live')
  expect(row).toHaveTextContent('Popup')
  expect(row).toHaveTextContent('Newsletter')
  await waitFor(() => expect(row).toHaveTextContent('200'))
  expect(row).toHaveTextContent('4.5%')
  const scheduled = screen.getByRole('link', { name: 'Winter embed' }).closest('tr')!
  expect(scheduled).toHaveTextContent('Scheduled')
  expect(scheduled).toHaveTextContent('Goes live 2030-01-15 09:30')
  expect(scheduled).toHaveTextContent('Full page')

  fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'scheduled' } })
  await waitFor(() => expect(listQueries.at(-1)!.get('status')).toBe('scheduled'))
  expect(listQueries.at(-1)!.get('sort')).toBe('-updated')
  fireEvent.change(screen.getByTestId('status-filter'), { target: { value: '' } })
  fireEvent.click(screen.getByTestId('sort-updated'))
  await waitFor(() => expect(listQueries.at(-1)!.get('sort')).toBe('updated'))

  fireEvent.click((await screen.findAllByTestId('form-row-menu'))[0]!)
  expect(screen.getByRole('menuitem', { name: 'Clone' })).toHaveAttribute('href', '/cloning/wizard/form/Fm1')
  expect(screen.getByRole('menuitem', { name: 'Unpublish' })).toBeInTheDocument()
  fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }))
  expect(screen.getByRole('dialog')).toHaveTextContent('“Welcome popup” and all its versions will be deleted.')
  expect(deleted).toEqual([])
  fireEvent.click(screen.getByTestId('confirm-delete'))
  await waitFor(() => expect(deleted).toEqual(['Fm1']))
})

test('create: ?list= preselected, the template names the form, the new version opens in the editor', async () => {
  let sent: unknown = null
  routes({
    'POST /ajax/forms': (b) => {
      sent = b
      return {
        status: 201,
        body: {
          form: {
            id: 'New001',
            name: 'Discount popup',
            status: 'draft',
            formType: 'popup',
            listId: 'Ls2',
            hasBeenLive: false,
            lastPublishedAt: null,
            schedule: null,
            updatedAt: '2026-11-28T10:00:00Z',
            versions: [
              {
                id: 41,
                formId: 'New001',
                variationName: 'Version A',
                status: 'draft',
                formType: 'popup',
                updatedAt: '2026-11-28T10:00:00Z',
                definition: { steps: [] },
              },
            ],
          },
        },
      }
    },
  })
  renderWith(<CreateFormScreen initialListId="Ls2" />)
  await screen.findByTestId('template-discount_popup')
  await waitFor(() => expect(screen.getByTestId('form-list')).toHaveValue('Ls2'))
  fireEvent.click(screen.getByTestId('create-form-submit'))
  expect(screen.getByText('Choose a template.')).toBeInTheDocument()
  expect(sent).toBeNull()

  fireEvent.click(screen.getByLabelText(/Discount popup/))
  expect(screen.getByTestId('form-name')).toHaveValue('Discount popup')
  fireEvent.click(screen.getByTestId('create-form-submit'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/forms/New001/variations/41/edit'))
  expect(sent).toEqual({ name: 'Discount popup', templateKey: 'discount_popup', listId: 'Ls2' })
})

test('test on the site: only web addresses, with the token as klaviyo_form_preview', () => {
  expect(previewUrl('shop.example.com/products/a?x=1', 'T.K')).toBe(
    'https://shop.example.com/products/a?x=1&klaviyo_form_preview=T.K',
  )
  expect(previewUrl('http://localhost:3000/', 'T')).toBe('http://localhost:3000/?klaviyo_form_preview=T')
  expect(previewUrl('javascript:alert(1)', 'T')).toBeNull()
  expect(previewUrl('not a url', 'T')).toBeNull()
  expect(previewUrl('ftp://shop.example.com', 'T')).toBeNull()
})
