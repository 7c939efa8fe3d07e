// The growth editors in the browser (issue 20 §3): the subscribe link editor (defaults, live
// preview, SMS consent field, field errors from the server, create then open the link), the
// consent page editor (built-in texts as placeholders, save per scope and kind), the hosted
// pages settings (save, read-only without the permission) and the web-tracking install check.
// Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { SubscribeLinkEditor } from '@/components/growth/subscribe-link-editor'
import { ConsentPagesScreen } from '@/components/growth/consent-pages-screen'
import { HostedPagesScreen } from '@/components/growth/hosted-pages-screen'
import { WebTrackingWizard } from '@/components/growth/web-tracking-wizard'
import { SubscribeLinksScreen } from '@/components/growth/subscribe-links-screen'
import { SUBSCRIBE_LINK_DEFAULTS } from '@/lib/growth/subscribe-links/content'
import { HOSTED_PAGES_DEFAULTS } from '@/lib/hosted-pages/style'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/growth-tools/subscribe-links/create',
}))

type Handler = (method: string, url: URL, body: unknown) => { status: number; body: unknown } | undefined
let calls: { method: string; path: string; body: unknown }[] = []
let handler: Handler
const empty = {
  headline: '',
  body: '',
  buttonText: '',
  backgroundColor: '',
  buttonColor: '',
  textColor: '',
  showLogo: true,
}
const kinds = ['subscribe', 'confirm_subscription', 'subscribed', 'manage_preferences', 'unsubscribe', 'unsubscribed']

function base(method: string, url: URL): { status: number; body: unknown } {
  const p = url.pathname
  if (p === '/ajax/lists/simple')
    return {
      status: 200,
      body: [
        { id: 'L1', name: 'Newsletter' },
        { id: 'L2', name: 'VIP' },
      ],
    }
  if (p === '/ajax/growth/hosted-pages')
    return {
      status: 200,
      body: { settings: HOSTED_PAGES_DEFAULTS, company: { name: 'Acme', logo_url: null, avatar_color: '#2f6bd8' } },
    }
  if (p === '/ajax/growth/subscribe-links/defaults') return { status: 200, body: { content: SUBSCRIBE_LINK_DEFAULTS } }
  if (p === '/ajax/growth/consent-pages' && method === 'GET') {
    return {
      status: 200,
      body: {
        scope: url.searchParams.get('scope'),
        pages: Object.fromEntries(
          kinds.map((k) => [k, k === 'unsubscribed' ? { ...empty, headline: 'Bye now' } : empty]),
        ),
      },
    }
  }
  return { status: 200, body: {} }
}

beforeEach(() => {
  calls = []
  push.mockReset()
  handler = () => undefined
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const url = new URL(String(input), 'http://localhost')
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, path: url.pathname, body })
    const res = handler(method, url, body) ?? base(method, url)
    return {
      ok: res.status < 300,
      status: res.status,
      type: 'basic',
      redirected: false,
      url: url.toString(),
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
  Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => undefined) } })
})

const renderWith = (ui: React.ReactNode, resources: string[]) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('subscribe link editor: defaults, live preview, SMS consent field, a slug error from the server, then create and open', async () => {
  renderWith(<SubscribeLinkEditor />, ['growth_tools_read', 'forms_write'])
  const headline = await screen.findByLabelText('Headline')
  expect(headline).toHaveValue('Join our list')
  const preview = screen.getByTestId('hosted-preview')
  fireEvent.change(headline, { target: { value: 'Get 10% off <today>' } })
  expect(within(preview).getByRole('heading')).toHaveTextContent('Get 10% off <today>') // text, not markup
  expect(screen.queryByLabelText('SMS consent text')).not.toBeInTheDocument()
  fireEvent.click(screen.getByTestId('collect-phone'))
  fireEvent.change(screen.getByLabelText('SMS consent text'), { target: { value: 'Reply STOP to stop.' } })
  expect(within(preview).getByText('Reply STOP to stop.')).toBeInTheDocument()
  expect(within(preview).getByText('Phone number')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Spring' } })
  await waitFor(() => expect(screen.getByRole('option', { name: 'VIP' })).toBeInTheDocument())
  fireEvent.change(screen.getByLabelText('List'), { target: { value: 'L2' } })
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'taken' } })

  handler = (method, url) =>
    method === 'POST' && url.pathname === '/ajax/growth/subscribe-links'
      ? {
          status: 400,
          body: {
            error: 'invalid',
            message: 'That address is taken.',
            fieldErrors: { slug: ['That address is taken. Choose another.'] },
          },
        }
      : undefined
  fireEvent.click(screen.getByTestId('save-link'))
  expect(await screen.findByText('That address is taken. Choose another.')).toBeInTheDocument()
  const sent = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>
  expect(sent).toMatchObject({ name: 'Spring', list_id: 'L2', slug: 'taken', status: 'active' })
  expect(sent.content).toMatchObject({
    headline: 'Get 10% off <today>',
    collect_phone: true,
    sms_consent_text: 'Reply STOP to stop.',
  })

  handler = (method, url) =>
    method === 'POST' && url.pathname === '/ajax/growth/subscribe-links'
      ? { status: 201, body: { link: { id: 'abc123', slug: 'spring' } } }
      : undefined
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '' } })
  fireEvent.click(screen.getByTestId('save-link'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/growth-tools/subscribe-links/abc123'))
  expect((calls.filter((c) => c.method === 'POST').at(-1)!.body as Record<string, unknown>).slug).toBeUndefined()
})

test('consent pages: built-in texts as placeholders, stored texts loaded, a save per scope and kind', async () => {
  renderWith(<ConsentPagesScreen />, ['growth_tools_read', 'forms_write'])
  const headline = await screen.findByLabelText('Headline')
  expect(headline).toHaveValue('')
  expect(headline).toHaveAttribute('placeholder', 'Unsubscribe from Acme emails?')
  expect(within(screen.getByTestId('hosted-preview')).getByRole('heading')).toHaveTextContent(
    'Unsubscribe from Acme emails?',
  )
  fireEvent.change(headline, { target: { value: 'Leaving so soon?' } })
  fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'Yes, unsubscribe' } })
  fireEvent.click(screen.getByTestId('show-logo'))
  fireEvent.click(screen.getByTestId('save-consent'))
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
  expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
    scope: 'default',
    kind: 'unsubscribe',
    content: {
      headline: 'Leaving so soon?',
      body: '',
      button_text: 'Yes, unsubscribe',
      show_logo: false,
      background_color: '',
      button_color: '',
      text_color: '',
    },
  })

  fireEvent.change(screen.getByTestId('consent-kind'), { target: { value: 'unsubscribed' } })
  expect(await screen.findByDisplayValue('Bye now')).toBeInTheDocument()
  expect(screen.queryByLabelText('Button text')).not.toBeInTheDocument()
  await waitFor(() => expect(screen.getByRole('option', { name: 'List: VIP' })).toBeInTheDocument())
  fireEvent.change(screen.getByTestId('consent-scope'), { target: { value: 'L2' } })
  await waitFor(() =>
    expect(
      calls.some((c) => c.method === 'GET' && c.path === '/ajax/growth/consent-pages' && c.body === undefined),
    ).toBe(true),
  )
  fireEvent.click(await screen.findByTestId('save-consent'))
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2))
  expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ scope: 'L2', kind: 'unsubscribed' })
})

test('hosted pages: a changed font is saved; without account_settings_write the form is read-only', async () => {
  const { unmount } = renderWith(<HostedPagesScreen />, ['account_settings_read', 'account_settings_write'])
  fireEvent.change(await screen.findByTestId('hosted-font'), { target: { value: 'serif' } })
  fireEvent.change(screen.getByLabelText('Logo'), { target: { value: 'center' } })
  fireEvent.click(screen.getByTestId('save-hosted'))
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      brand_color: '#1b1f24',
      background_color: '#f4f5f7',
      text_color: '#1b1f24',
      font: 'serif',
      button_style: 'rounded',
      logo_placement: 'center',
    }),
  )
  expect(await screen.findByText('Hosted pages saved')).toBeInTheDocument()
  unmount()
  renderWith(<HostedPagesScreen />, ['account_settings_read'])
  expect(await screen.findByTestId('hosted-font')).toBeDisabled()
  expect(screen.queryByTestId('save-hosted')).not.toBeInTheDocument()
})

test('web tracking: the snippet, what to check while not seen, then where the script was seen', async () => {
  let installed = false
  handler = (method, url) => {
    if (url.pathname === '/ajax/growth/onsite-install') {
      return {
        status: 200,
        body: {
          installed,
          public_key: 'PK1',
          snippet: '<script async src="https://app/onsite/js/klaviyo.js?company_id=PK1"></script>',
          installs: installed
            ? [
                {
                  origin: 'https://shop.example',
                  first_seen_at: '2026-11-01T10:00:00Z',
                  last_seen_at: new Date().toISOString(),
                  pings: 4,
                },
              ]
            : [],
        },
      }
    }
    if (url.pathname === '/ajax/growth/onsite-settings')
      return {
        status: 200,
        body: { settings: { tracking_enabled: true, require_consent: false, forms_enabled: true } },
      }
    return undefined
  }
  renderWith(<WebTrackingWizard />, ['integrations_read', 'integrations_write'])
  expect(await screen.findByTestId('onsite-snippet')).toHaveTextContent('company_id=PK1')
  expect(screen.getByTestId('install-not-seen')).toHaveTextContent('company_id=PK1')
  fireEvent.change(screen.getByLabelText('Your platform'), { target: { value: 'shopify' } })
  expect(screen.getByTestId('platform-hint')).toHaveTextContent('theme.liquid')
  fireEvent.click(await screen.findByTestId('switch-consent'))
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      tracking_enabled: true,
      require_consent: true,
      forms_enabled: true,
    }),
  )
  installed = true
  fireEvent.click(screen.getByTestId('check-install'))
  expect(await screen.findByText(/The script is running on https:\/\/shop.example/)).toBeInTheDocument()
  expect(screen.getByRole('cell', { name: '4' })).toBeInTheDocument()
})

test('subscribe links list: list, address with a copy button, status and sign-ups; the consent pages are one click away', async () => {
  handler = (method, url) =>
    url.pathname === '/ajax/growth/subscribe-links'
      ? {
          status: 200,
          body: {
            links: [
              {
                id: 'K1',
                name: 'Spring',
                slug: 'spring',
                status: 'active',
                list_id: 'L1',
                list_name: 'Newsletter',
                url: 'https://app.test/subscribe/spring',
                signups: 1234,
                created_at: '2026-11-01T00:00:00Z',
              },
              {
                id: 'K2',
                name: 'Old',
                slug: 'old',
                status: 'disabled',
                list_id: 'L9',
                list_name: null,
                url: 'https://app.test/subscribe/old',
                signups: 0,
                created_at: '2026-10-01T00:00:00Z',
              },
            ],
          },
        }
      : undefined
  renderWith(<SubscribeLinksScreen />, ['growth_tools_read', 'forms_write'])
  expect(await screen.findByRole('link', { name: 'Spring' })).toHaveAttribute(
    'href',
    '/growth-tools/subscribe-links/K1',
  )
  expect(screen.getByText('1,234')).toBeInTheDocument()
  expect(screen.getByText('Deleted list')).toBeInTheDocument()
  expect(screen.getByText('Turned off')).toBeInTheDocument()
  fireEvent.click(screen.getByTestId('copy-K1'))
  await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://app.test/subscribe/spring'))
  expect(await screen.findByTestId('copy-K1')).toHaveTextContent('Copied')
  expect(screen.getByRole('link', { name: 'Consent pages' })).toHaveAttribute('href', '/growth-tools/consent-pages')
  expect(screen.getByRole('link', { name: 'Create subscribe link' })).toHaveAttribute(
    'href',
    '/growth-tools/subscribe-links/create',
  )
})
