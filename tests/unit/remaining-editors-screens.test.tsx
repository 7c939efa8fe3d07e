// Issue 27, the remaining editors: the campaign's AMP screen opens the template the campaign sends
// with a way back to its content step and the validity marker. Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { AMP_STARTER } from '@/lib/templates/amp/validate-amp'
import { AmpTargetScreen } from '@/components/templates/editor/amp-target-screen'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/',
}))

type Reply = { status: number; body: unknown }
type Handler = (method: string, url: URL, body: unknown) => Reply | undefined
let calls: { method: string; path: string; search: string; body: unknown }[] = []
let handler: Handler

beforeEach(() => {
  calls = []
  handler = () => undefined
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const url = new URL(String(input), 'http://localhost')
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, path: url.pathname, search: url.search, body })
    const res = handler(method, url, body) ?? { status: 404, body: { message: 'Not found.' } }
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

const renderWith = (ui: React.ReactNode, resources: string[]) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

const template = {
  id: 'T1',
  name: 'Spring sale',
  editorType: 'CODE',
  amp: null,
  updated: '2026-11-29T10:00:00.000Z',
  html: '<p>Hi</p>',
  text: null,
  definition: null,
  compiledHtml: '<p>Hi</p>',
  compiledText: 'Hi',
  usesEvent: false,
  warnings: [],
}

test('a variation opens the AMP editor of its template: the marker, the save, the way back to its content', async () => {
  handler = (method, url, body) => {
    if (url.pathname === '/ajax/email-template-editor/target')
      return {
        status: 200,
        body: { target: { kind: 'variation', id: 'V1', templateId: 'T1', campaignId: 'C1', flowId: null } },
      }
    if (url.pathname === '/ajax/email-templates/T1' && method === 'GET') return { status: 200, body: { template } }
    if (url.pathname === '/ajax/email-templates/T1')
      return { status: 200, body: { template: { ...template, ...(body as object), updated: 'later' } } }
    return undefined
  }
  renderWith(<AmpTargetScreen kind="variation" id="V1" />, ['templates_read', 'templates_write'])
  expect(await screen.findByTestId('amp-valid')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back to the content' })).toHaveAttribute(
    'href',
    '/content/variation/V1/content/edit',
  )
  expect(calls[0]!.search).toBe('?kind=variation&id=V1')
  const doc = screen.getByLabelText('AMP document')
  fireEvent.change(doc, { target: { value: '<p>not amp</p>' } })
  expect(screen.getByTestId('amp-problems')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Save AMP part' })).toBeDisabled()
  fireEvent.change(doc, { target: { value: AMP_STARTER } })
  fireEvent.click(screen.getByRole('button', { name: 'Save AMP part' }))
  await waitFor(() => expect(calls.some((c) => c.method !== 'GET' && c.path === '/ajax/email-templates/T1')).toBe(true))
  expect(calls.find((c) => c.method !== 'GET')!.body).toMatchObject({ amp: AMP_STARTER })
})

test('a campaign without an email template says so instead of an empty editor', async () => {
  renderWith(<AmpTargetScreen kind="campaign" id="none" />, ['templates_read'])
  expect(await screen.findByTestId('editor-target-missing')).toBeInTheDocument()
  expect(screen.getByText('This campaign has no email template yet')).toBeInTheDocument()
})

test('the flow message web view shows the email in a sandboxed frame, the text version, and a 404 for a bad id', async () => {
  const { FlowMessageWebViewScreen } = await import('@/components/campaigns/flow-message-web-view-screen')
  handler = (_m, url) =>
    url.searchParams.get('recipient_id') === 'R1'
      ? {
          status: 200,
          body: {
            message: {
              recipientId: 'R1',
              subject: 'Welcome Ada',
              to: 'ada@x.test',
              status: 'sent',
              sentAt: null,
              html: '<p>Hi Ada</p>',
              text: 'Hi Ada (text)',
              renderError: null,
            },
          },
        }
      : undefined
  const { unmount } = renderWith(<FlowMessageWebViewScreen recipientId="R1" />, ['campaigns_read'])
  expect(await screen.findByRole('heading', { name: 'Welcome Ada' })).toBeInTheDocument()
  expect(screen.getByTestId('preview-frame')).toHaveAttribute('sandbox', '')
  expect(screen.getByTestId('web-view-switch')).toHaveAttribute('href', '/message/flow-message/web-view/R1/text')
  unmount()
  const text = renderWith(<FlowMessageWebViewScreen recipientId="R1" templateType="text" />, ['campaigns_read'])
  expect(await screen.findByText('Hi Ada (text)')).toBeInTheDocument()
  text.unmount()
  renderWith(<FlowMessageWebViewScreen recipientId="forged" />, ['campaigns_read'])
  expect(await screen.findByText('This message was not found')).toBeInTheDocument()
})

test('the sandbox says nothing counts, sends an email test to a chosen test address, and explains other channels', async () => {
  const { SandboxOmnicampaignScreen } = await import('@/components/campaigns/sandbox-omnicampaign-screen')
  handler = (method, url) => {
    if (url.pathname === '/ajax/omnicampaigns/O1/sandbox' && method === 'GET')
      return {
        status: 200,
        body: {
          sandbox: {
            id: 'O1',
            name: 'Spring launch',
            channels: [
              {
                campaignId: 'C1',
                name: 'Spring launch',
                channel: 'email',
                status: 'draft',
                templateId: 'T1',
                subject: 'Hi',
              },
              {
                campaignId: 'C2',
                name: 'Spring launch',
                channel: 'sms',
                status: 'draft',
                templateId: null,
                subject: null,
              },
            ],
            recipients: [
              { email: 'qa@shop.test', source: 'test_recipient' },
              { email: 'owner@shop.test', source: 'team' },
            ],
          },
        },
      }
    if (url.pathname === '/ajax/email-templates/T1/preview-profiles')
      return { status: 200, body: { profiles: [{ id: 'P1', email: 'ada@x.test', firstName: 'Ada', lastName: null }] } }
    if (url.pathname === '/ajax/omnicampaigns/O1/sandbox' && method === 'POST')
      return {
        status: 200,
        body: { test: { sendId: 'S1', status: 'queued', to: 'owner@shop.test', campaignId: 'C1' } },
      }
    return undefined
  }
  renderWith(<SandboxOmnicampaignScreen omnicampaignId="O1" />, ['campaigns_read', 'campaigns_write'])
  expect(screen.getByTestId('sandbox-banner')).toHaveTextContent('not counted in any report')
  fireEvent.change(await screen.findByLabelText('Send the test to'), { target: { value: 'owner@shop.test' } })
  await screen.findByRole('option', { name: 'ada@x.test' })
  fireEvent.change(screen.getByLabelText('Show the data of'), { target: { value: 'P1' } })
  expect(screen.getByText(/available for email/)).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Send test' }))
  expect(await screen.findByText('Test sent to owner@shop.test.')).toBeInTheDocument()
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    campaign_id: 'C1',
    email: 'owner@shop.test',
    profile_id: 'P1',
  })
})

test('the Shopify finalize step shows each check with its state, checks again, and turns reviews on when ready', async () => {
  const { ShopifyFinalizeScreen } = await import('@/components/reviews/shopify-finalize-screen')
  const { matchRoute } = await import('@/lib/routes/match')
  // The step that turns reviews on cannot itself be behind the reviews flag.
  expect(matchRoute('/reviews/shopify/finalize')!.route.flag).toBeUndefined()
  let enabled = false
  let script = 'todo'
  const state = () => ({
    finalize: {
      shopify: { state: 'done', shop: 'a-shop.myshopify.com', error: null },
      script: {
        state: script,
        origins: script === 'done' ? ['https://a-shop.example'] : [],
        snippet: '<script async src="x"></script>',
      },
      reviews: { state: enabled ? 'done' : 'todo' },
      imported: { count: 0 },
      ready: script === 'done',
    },
  })
  handler = (method, url) => {
    if (url.pathname !== '/ajax/reviews/shopify/finalize') return undefined
    if (method === 'POST') enabled = true
    return { status: 200, body: state() }
  }
  renderWith(<ShopifyFinalizeScreen />, ['reviews_read', 'reviews_write'])
  expect(await screen.findByText('Connected to a-shop.myshopify.com.')).toBeInTheDocument()
  expect(screen.getByText('<script async src="x"></script>')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Turn reviews on' })).toBeDisabled()
  script = 'done'
  fireEvent.click(screen.getAllByRole('button', { name: 'Check again' })[1]!)
  expect(await screen.findByText('The script is running on https://a-shop.example.')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Turn reviews on' }))
  expect(await screen.findByRole('link', { name: 'Import reviews' })).toHaveAttribute('href', '/reviews/import')
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
})

test('the swap screen compares both sides, confirms the swap, and restores a version', async () => {
  const { MessageSwapScreen } = await import('@/components/message-swap/message-swap-screen')
  const versions: unknown[] = []
  handler = (method, url) => {
    if (url.pathname === '/ajax/messages/swap' && method === 'GET')
      return {
        status: 200,
        body: {
          targets: [
            { kind: 'campaign_message', id: 'M1', label: 'Flash', parentId: 'C1', blocked: null },
            { kind: 'campaign_message', id: 'M2', label: 'Sent one', parentId: 'C2', blocked: 'The campaign is sent.' },
          ],
          sources: [{ id: 'M9', name: 'Later' }],
        },
      }
    if (url.pathname === '/ajax/messages/swap/preview')
      return {
        status: 200,
        body: {
          current: { html: null, title: 'Now', body: 'Sale now' },
          replacement: url.searchParams.get('source_id') ? { html: null, title: 'Later', body: 'Sale later' } : null,
          blocked: url.searchParams.get('id') === 'M2' ? 'The campaign is sent.' : null,
          versions,
        },
      }
    if (url.pathname === '/ajax/messages/swap' && method === 'POST') {
      versions.push({ id: 'S1', sourceId: 'M9', createdAt: '2026-11-29T10:00:00.000Z', restoredAt: null })
      return { status: 200, body: { swap: { id: 'S1' } } }
    }
    if (url.pathname === '/ajax/messages/swap/S1/restore') return { status: 200, body: { restored: { id: 'S1' } } }
    return undefined
  }
  renderWith(<MessageSwapScreen channel="push" />, ['campaigns_read', 'campaigns_write', 'flows_write'])
  fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'campaign_message:M1' } })
  fireEvent.change(screen.getByLabelText('Saved push content'), { target: { value: 'M9' } })
  expect(await screen.findByText('Sale later')).toBeInTheDocument()
  expect(screen.getByText('Sale now')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Swap content' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Swap' }))
  expect(await screen.findByText('Content swapped.')).toBeInTheDocument()
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    channel: 'push',
    kind: 'campaign_message',
    id: 'M1',
    source_id: 'M9',
  })
  fireEvent.click(await screen.findByRole('button', { name: 'Restore the content before this swap' }))
  expect(await screen.findByText('Version restored.')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'campaign_message:M2' } })
  expect(await screen.findByText('The campaign is sent.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Swap content' })).toBeDisabled()
})
