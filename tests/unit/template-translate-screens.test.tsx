// The /translate view lists the strings beside the chosen language, saves only what changed,
// marks a language ready, shows the server's field errors under their string and an import's
// bad rows; read-only users see no write controls; a missing target says so with the way back.
// The content library lists saved blocks with their usage; the saved-content editor saves its block.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { TranslationScreen } from '@/components/templates/translate/translation-screen'
import { CmsEditorScreen } from '@/components/templates/universal/cms-editor-screen'
import { UniversalContentScreen } from '@/components/templates/universal/universal-content-screen'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  usePathname: () => '/email-template-editor/campaign/C1/translate',
  useRouter: () => ({ push }),
}))

const strings = [
  { id: 'subject', kind: 'subject', source: 'Summer sale' },
  { id: 's1', kind: 'button', source: 'Shop now' },
]
const fr = { locale: 'fr-FR', ready: false, translated: 1, updated: '2026-01-01T00:00:00.000Z' }
let sent: { method: string; url: string; body: unknown }[] = []
let answer: (method: string, url: string) => { status: number; body: unknown }
const listBody = (translations = [fr]) => ({
  name: 'Summer',
  strings,
  translations,
  locales: ['en-US', 'fr-FR', 'de-DE'],
})
beforeEach(() => {
  sent = []
  answer = (method, url) =>
    url.includes('/translations/fr-FR')
      ? { status: 200, body: { translation: { ...fr, strings: { subject: 'Les soldes' } } } }
      : { status: 200, body: listBody() }
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    if (method !== 'GET') sent.push({ method, url: String(input), body })
    const res = answer(method, String(input))
    return {
      ok: res.status < 300,
      status: res.status,
      type: 'basic',
      redirected: false,
      url: String(input),
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

const wrap = (ui: React.ReactNode, resources = ['templates_read', 'templates_write']) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

const screenOf = () => <TranslationScreen kind="campaign" id="C1" backHref="/email-template-editor/campaign/C1" />

test('each string beside its translation; saving sends only the changed ones; ready is its own save', async () => {
  wrap(screenOf())
  expect(await screen.findByText('Translate “Summer”')).toBeInTheDocument()
  const subject = await screen.findByTestId('target-subject')
  expect(subject).toHaveValue('Les soldes')
  expect(screen.getByTestId('target-s1')).toHaveValue('')
  expect(screen.getByText('Shop now')).toBeInTheDocument()
  fireEvent.change(screen.getByTestId('target-s1'), { target: { value: 'Acheter' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(sent).toHaveLength(1))
  expect(sent[0]).toMatchObject({ method: 'PUT', body: { strings: { s1: 'Acheter' } } })
  expect(sent[0]!.url).toContain('/ajax/email-template-editor/translations/fr-FR?kind=campaign&id=C1')
  fireEvent.click(screen.getByTestId('mark-ready'))
  await waitFor(() => expect(sent).toHaveLength(2))
  expect(sent[1]!.body).toEqual({ strings: {}, ready: true })
  expect(screen.getByTestId('export-csv')).toHaveAttribute(
    'href',
    '/ajax/email-template-editor/translations/fr-FR/file?kind=campaign&id=C1&format=csv',
  )
})

test("the server's field error shows under its string", async () => {
  wrap(screenOf())
  await screen.findByTestId('target-s1')
  answer = (method, url) =>
    method === 'PUT'
      ? { status: 400, body: { error: 'bad_request', fieldErrors: { 'strings.s1': ['Unclosed tag'] } } }
      : url.includes('/fr-FR')
        ? { status: 200, body: { translation: { ...fr, strings: {} } } }
        : { status: 200, body: listBody() }
  fireEvent.change(screen.getByTestId('target-s1'), { target: { value: '{% if %}' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Unclosed tag')).toBeInTheDocument()
})

test('an import with bad rows lists them', async () => {
  wrap(screenOf())
  await screen.findByTestId('target-s1')
  answer = (method, url) =>
    method === 'POST'
      ? { status: 400, body: { message: 'x', fieldErrors: { 'row 3': ['Unknown string id zzz.'] } } }
      : url.includes('/fr-FR')
        ? { status: 200, body: { translation: { ...fr, strings: {} } } }
        : { status: 200, body: listBody() }
  const file = new File(['id,translation\nzzz,x'], 'fr.csv', { type: 'text/csv' })
  Object.defineProperty(file, 'text', { value: async () => 'id,translation\nzzz,x' })
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } })
  expect(await screen.findByText('row 3: Unknown string id zzz.')).toBeInTheDocument()
  expect(sent[0]).toMatchObject({ method: 'POST', body: { format: 'csv' } })
})

test('adding a language; no languages yet shows the empty state; read-only has no write controls', async () => {
  answer = () => ({ status: 200, body: listBody([]) })
  const { unmount } = wrap(screenOf())
  expect(await screen.findByText('No languages yet')).toBeInTheDocument()
  fireEvent.change(screen.getByLabelText('Add a language'), { target: { value: 'de-DE' } })
  fireEvent.click(screen.getByTestId('add-language'))
  await waitFor(() => expect(sent).toHaveLength(1))
  expect(sent[0]).toMatchObject({ method: 'POST', body: { locale: 'de-DE' } })
  unmount()
  answer = (method, url) =>
    url.includes('/fr-FR')
      ? { status: 200, body: { translation: { ...fr, strings: {} } } }
      : { status: 200, body: listBody() }
  wrap(screenOf(), ['templates_read'])
  expect(await screen.findByTestId('target-s1')).toHaveAttribute('readonly')
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  expect(screen.queryByTestId('add-language')).toBeNull()
})

test('a target without a template says so with the way back', async () => {
  answer = () => ({ status: 404, body: { message: 'This message has no email template yet.' } })
  wrap(screenOf())
  expect(await screen.findByText('Nothing to translate here')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back to the editor' })).toHaveAttribute(
    'href',
    '/email-template-editor/campaign/C1',
  )
})

test('the content library lists saved blocks with their usage and opens the editor', async () => {
  answer = () => ({
    status: 200,
    body: {
      items: [
        {
          id: 'U1',
          name: 'Footer',
          type: 'text',
          created: '',
          updated: '2026-01-02T00:00:00.000Z',
          block: null,
          usedIn: 2,
        },
      ],
    },
  })
  wrap(<CmsEditorScreen />)
  expect(await screen.findByRole('link', { name: 'Footer' })).toHaveAttribute(
    'href',
    '/email-template-editor/universal-content/text/U1',
  )
  expect(screen.getByText('2 templates')).toBeInTheDocument()
})

test('the saved-content editor saves the block and lists where it is used', async () => {
  const item = {
    id: 'U1',
    name: 'Sale button',
    type: 'button',
    created: '',
    updated: '',
    block: { type: 'button', text: 'Shop now', href: 'https://x.test' },
  }
  const usedIn = [{ id: 'T1', name: 'Summer', updated: '2026-01-02T00:00:00.000Z' }]
  answer = (method) =>
    method === 'PUT'
      ? { status: 200, body: { item, usedIn, updatedTemplates: 1 } }
      : { status: 200, body: { item, usedIn } }
  wrap(<UniversalContentScreen universalId="U1" />)
  expect(await screen.findByRole('link', { name: 'Summer' })).toHaveAttribute(
    'href',
    '/email-template-editor/template/T1',
  )
  expect(screen.getByTestId('uc-translate')).toHaveAttribute(
    'href',
    '/email-template-editor/universal-content/button/U1/translate',
  )
  fireEvent.change(screen.getByDisplayValue('Shop now'), { target: { value: 'Buy' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(sent).toHaveLength(1))
  expect(sent[0]).toMatchObject({
    method: 'PUT',
    body: { name: 'Sale button', block: { type: 'button', text: 'Buy' } },
  })
})

test("the editor's translate link keeps the editor context, and falls back to the template's own", async () => {
  const { TranslateLink } = await import('@/components/templates/translate/translate-link')
  wrap(<TranslateLink templateId="T1" />)
  // the mocked path is itself a translate view, so the link names the template's own
  expect(screen.getByTestId('open-translate')).toHaveAttribute('href', '/email-template-editor/template/T1/translate')
})
