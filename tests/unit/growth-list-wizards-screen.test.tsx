// The list embed and forms screens and the get-started form wizards (issue 20 §3) in the
// browser: the script tag and a subscribe link made on demand for the HTML form, the list's
// forms with "Create form", template links to /forms/create, the SMS consent language with
// the company's name, and the SMS widget's embed placeholder. Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { ListEmbedScreen } from '@/components/growth/list-embed-screen'
import { ListFormsScreen } from '@/components/growth/list-forms-screen'
import { GetStartedFormsCreate } from '@/components/growth/get-started-forms-create'
import { GetStartedSmsForms } from '@/components/growth/get-started-sms-forms'
import { GetStartedSmsWidget } from '@/components/growth/get-started-sms-widget'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/list/L1/embed',
}))

let calls: { method: string; path: string }[] = []
let linkMade = false
const SCRIPT =
  '<script async type="text/javascript" src="https://app.test/onsite/js/klaviyo.js?company_id=PK1"></script>'
function answer(method: string, url: URL): { status: number; body: unknown } {
  const p = url.pathname
  if (p === '/ajax/growth/list-embed/L1') {
    if (method === 'POST') linkMade = true
    return {
      status: 200,
      body: {
        list: { id: 'L1', name: 'Newsletter' },
        script_tag: SCRIPT,
        app_url: 'https://app.test',
        link: linkMade
          ? {
              id: 'K1',
              name: 'Newsletter sign-up',
              slug: 'newsletter-sign-up',
              url: 'https://app.test/subscribe/newsletter-sign-up',
            }
          : null,
        form_snippet: linkMade
          ? '<form method="post" action="https://app.test/subscribe/newsletter-sign-up">…</form>'
          : null,
      },
    }
  }
  if (p === '/ajax/growth/list-embed/NOPE')
    return { status: 404, body: { error: 'not_found', message: 'List not found.' } }
  if (p === '/ajax/growth/list-forms/L1')
    return {
      status: 200,
      body: {
        list: { id: 'L1', name: 'Newsletter' },
        forms: [
          { id: 'F1', name: 'Footer form', status: 'live', form_type: 'embed', updated_at: '2026-11-01T00:00:00Z' },
        ],
      },
    }
  if (p === '/ajax/lists/simple') return { status: 200, body: [{ id: 'L1', name: 'Newsletter' }] }
  if (p === '/ajax/growth/sms-setup') {
    return {
      status: 200,
      body: {
        company_name: 'Acme Outdoor',
        script_tag: SCRIPT,
        sms_configured: false,
        sender_number: null,
        help_text: null,
        forms: [
          { id: 'F1', name: 'Footer form', status: 'live', channel_type: 'email', form_type: 'embed' },
          { id: 'F2', name: 'SMS popup', status: 'draft', channel_type: 'email_and_sms', form_type: 'popup' },
        ],
      },
    }
  }
  return { status: 200, body: {} }
}
beforeEach(() => {
  calls = []
  linkMade = false
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const url = new URL(String(input), 'http://localhost')
    calls.push({ method, path: url.pathname })
    const res = answer(method, url)
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
})

const renderWith = (ui: React.ReactNode, resources = ['groups_read', 'forms_read', 'forms_write']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('list embed: the script tag, then the HTML form once its subscribe link is made', async () => {
  renderWith(<ListEmbedScreen listId="L1" />)
  expect(await screen.findByTestId('embed-script')).toHaveTextContent('company_id=PK1')
  fireEvent.click(screen.getByTestId('make-link'))
  expect(await screen.findByTestId('embed-form')).toHaveTextContent(
    'action="https://app.test/subscribe/newsletter-sign-up"',
  )
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  expect(screen.getByRole('link', { name: 'Newsletter sign-up' })).toHaveAttribute(
    'href',
    '/growth-tools/subscribe-links/K1',
  )
})

test('list embed: without forms_write no link is made; an unknown list says so', async () => {
  const { unmount } = renderWith(<ListEmbedScreen listId="L1" />, ['groups_read'])
  expect(await screen.findByText('This list has no subscribe link yet.')).toBeInTheDocument()
  expect(screen.queryByTestId('make-link')).not.toBeInTheDocument()
  unmount()
  renderWith(<ListEmbedScreen listId="NOPE" />)
  expect(await screen.findByText('This list does not exist.')).toBeInTheDocument()
})

test('list forms: the forms with status and a Create form link for this list', async () => {
  renderWith(<ListFormsScreen listId="L1" />)
  expect(await screen.findByRole('link', { name: 'Footer form' })).toHaveAttribute('href', '/forms/F1')
  expect(screen.getByText('Live')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Create form' })).toHaveAttribute('href', '/list/L1/forms/create')
})

test('forms-create wizard: each template opens /forms/create with it, and with the chosen list', async () => {
  renderWith(<GetStartedFormsCreate />)
  expect(screen.getByTestId('template-discount_popup')).toHaveAttribute('href', '/forms/create?template=discount_popup')
  await waitFor(() => expect(screen.getByRole('option', { name: 'Newsletter' })).toBeInTheDocument())
  fireEvent.change(screen.getByTestId('template-list'), { target: { value: 'L1' } })
  expect(screen.getByTestId('template-sms_two_step')).toHaveAttribute(
    'href',
    '/forms/create?template=sms_two_step&list=L1',
  )
})

test('SMS forms setup: sending not set up, the consent language names the company, the picked form opens in the editor', async () => {
  renderWith(<GetStartedSmsForms />)
  expect(await screen.findByText('Not set up')).toBeInTheDocument()
  expect(screen.getByTestId('sms-disclosure')).toHaveTextContent(
    'marketing text messages (such as promotions and cart reminders) from Acme Outdoor',
  )
  fireEvent.change(screen.getByTestId('sms-form-pick'), { target: { value: 'F2' } })
  expect(screen.getByTestId('sms-open-form')).toHaveAttribute('href', '/forms/F2')
  expect(screen.getByTestId('sms-new-form')).toHaveAttribute('href', '/forms/create?template=sms_two_step')
})

test('SMS widget setup: the script tag and the embed placeholder of an SMS form, with a warning while it is not live', async () => {
  renderWith(<GetStartedSmsWidget />)
  expect(await screen.findByTestId('widget-script')).toHaveTextContent('company_id=PK1')
  expect(screen.getByTestId('widget-embed')).toHaveTextContent('<div class="klaviyo-form-F2"></div>')
  expect(screen.getByText(/This form is not live yet/)).toBeInTheDocument()
})
