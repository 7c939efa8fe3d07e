// The wizard's content step names the template an email message sends and shows its body rendered
// (issue 30 §6: it showed only "Replace the template…" and an edit link). Only fetch and the
// router are stand-ins; the screen, the HTTP client and the messages are the real ones.
import { render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ContentStep } from '@/components/campaigns/wizard/content-step'
import type { CampaignDetail, MessageView } from '@/components/campaigns/campaigns-api'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/campaign/C1/content',
}))

let routes: Record<string, () => { status?: number; body: unknown }>
beforeEach(() => {
  routes = {
    'GET /ajax/campaign/C1/templates': () => ({
      body: { templates: [{ id: 'T0', name: 'Plain', editorType: 'CODE' }] },
    }),
    'GET /ajax/email-templates/T1': () => ({ body: { template: { id: 'T1', name: 'Spring sale', html: '<p>x</p>' } } }),
    'POST /ajax/email-templates/T1/preview': () => ({
      body: { html: '<p>Hello Ada, spring is here</p>', text: '', subject: null, profile: {}, event: null },
    }),
  }
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const h = routes[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`]
    const res = h ? h() : { status: 404, body: { error: 'not_found', message: 'Not found' } }
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

const message = (templateId: string | null): MessageView => ({
  id: 'M1',
  campaignId: 'C1',
  channel: 'email',
  label: 'Email',
  content: { subject: 'Spring', preview_text: '', from_email: 'shop@example.com', from_label: 'Shop' },
  templateId,
  renderOptions: null,
  imageId: null,
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:00:00Z',
})
const campaign = (templateId: string | null) =>
  ({
    id: 'C1',
    name: 'Spring',
    channel: 'email',
    status: 'Draft',
    messages: [message(templateId)],
  }) as unknown as CampaignDetail

const show = (templateId: string | null) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ContentStep campaign={campaign(templateId)} editable onSaved={() => {}} nextHref={null} />
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('a chosen template is named and its body shown rendered', async () => {
  show('T1')
  expect(await screen.findByTestId('chosen-template-name')).toHaveTextContent('Template: Spring sale')
  const frame = await screen.findByTestId('preview-frame')
  expect(frame.getAttribute('srcdoc')).toContain('Hello Ada, spring is here')
  expect(frame).toHaveAttribute('title', 'Preview of the template')
  expect(frame).toHaveAttribute('sandbox', '')
  expect(screen.getByTestId('edit-template')).toHaveAttribute('href', '/email-template-editor/template/T1')
})

test('without a template: no name, no preview, the step says so', async () => {
  show(null)
  expect(await screen.findByText('No template yet.')).toBeInTheDocument()
  expect(screen.queryByTestId('chosen-template')).toBeNull()
})

test('a reader the preview is refused to still sees the name, and no broken frame', async () => {
  routes['POST /ajax/email-templates/T1/preview'] = () => ({
    status: 403,
    body: { error: 'forbidden', message: 'No access.' },
  })
  show('T1')
  expect(await screen.findByTestId('chosen-template-name')).toHaveTextContent('Spring sale')
  await waitFor(() => expect(screen.queryByTestId('preview-frame')).toBeNull())
})
