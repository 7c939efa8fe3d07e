// The template screens against a fake of the /ajax/email-templates and /ajax/messages answers:
// the list (search, sort, rename, clone, delete with confirmation, empty state), the block
// editor (add, reorder, edit, save, server errors on their block), the code editor's syntax
// errors by line and column, the preview for a profile with send-preview, and the sent-messages
// viewer marking outbox mail as not delivered.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { TemplatesScreen } from '@/components/templates/templates-screen'
import { TemplateEditorScreen } from '@/components/templates/editor/template-editor-screen'
import { MessagesScreen } from '@/components/templates/messages/messages-screen'
import { ToastProvider } from '@/components/shell/toasts'

const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/templates',
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
    const res = handler ? handler(body, url) : { status: 404, body: { error: 'not_found', message: 'Not found' } }
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

function renderWith(ui: ReactNode, resources = ['templates_read', 'templates_write', 'profile_read']) {
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={{ authorization: { resources, email: 'owner@demo.test' } } as unknown as StartupData}
        >
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

const summary = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  editorType: 'SYSTEM_DRAGGABLE',
  isTransactional: false,
  created: '2026-11-01T10:00:00.000Z',
  updated: '2026-11-02T10:00:00.000Z',
  ...extra,
})
const definition = {
  version: 1,
  styles: {
    backgroundColor: '#f4f4f4',
    contentBackgroundColor: '#ffffff',
    textColor: '#222222',
    linkColor: '#1a73e8',
    fontFamily: 'Arial',
    contentWidth: 600,
  },
  body: [
    { type: 'text', html: '<p>Hello</p>' },
    { type: 'button', text: 'Shop', href: 'https://example.com' },
  ],
}
const detail = (extra: object = {}) => ({
  ...summary('T1', 'Welcome'),
  html: '<p>compiled</p>',
  text: null,
  definition,
  compiledHtml: '<p>compiled</p>',
  compiledText: 'compiled',
  amp: null,
  usesEvent: false,
  warnings: [],
  ...extra,
})
const previewAnswer = (html = '<p>rendered</p>') => ({
  status: 200,
  body: {
    html,
    text: 'rendered',
    subject: null,
    profile: { id: null, email: 'jane@example.com', firstName: 'Jane', lastName: 'Sample', sample: true },
    event: null,
    usesEvent: false,
  },
})

describe('/templates', () => {
  test('lists templates, searches and sorts on the server, clones and deletes after confirming', async () => {
    let list = [summary('T1', 'Welcome'), summary('T2', 'Receipt', { editorType: 'CODE', isTransactional: true })]
    routes = {
      'GET /ajax/email-templates': (_b, url) => {
        const q = url.searchParams.get('search')
        const rows = q ? list.filter((t) => t.name.toLowerCase().includes(q.toLowerCase())) : list
        return { body: { templates: rows, total: rows.length, page: 1, pageSize: 25 } }
      },
      'POST /ajax/email-templates/T1/clone': () => {
        list = [...list, summary('T3', 'Copy of Welcome')]
        return { status: 201, body: { template: detail({ id: 'T3', name: 'Copy of Welcome' }) } }
      },
      'DELETE /ajax/email-templates/T2': () => {
        list = list.filter((t) => t.id !== 'T2')
        return { body: { deleted: true } }
      },
    }
    renderWith(<TemplatesScreen />)
    const link = await screen.findByRole('link', { name: 'Welcome' })
    expect(link).toHaveAttribute('href', '/email-template-editor/template/T1')
    const receipt = screen.getByRole('link', { name: 'Receipt' }).closest('tr')!
    expect(within(receipt).getByText('Code')).toBeInTheDocument()
    expect(within(receipt).getByText('Transactional')).toBeInTheDocument()

    fireEvent.click(screen.getByTestId('sort-name'))
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('sort') === 'name')).toBe(true))

    fireEvent.change(screen.getByTestId('templates-search'), { target: { value: 'rec' } })
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Welcome' })).not.toBeInTheDocument())
    fireEvent.change(screen.getByTestId('templates-search'), { target: { value: '' } })
    await screen.findByRole('link', { name: 'Welcome' })

    fireEvent.click(screen.getByRole('button', { name: 'Clone Welcome' }))
    expect(await screen.findByRole('link', { name: 'Copy of Welcome' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Receipt' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Receipt will be deleted/)).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(dialog).getByTestId('confirm-delete'))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Receipt' })).not.toBeInTheDocument())
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/ajax/email-templates/T2'])
  })

  test('renames through the dialog and shows the server field error', async () => {
    let name = 'Welcome'
    routes = {
      'GET /ajax/email-templates': () => ({
        body: { templates: [summary('T1', name)], total: 1, page: 1, pageSize: 25 },
      }),
      'POST /ajax/email-templates/T1/rename': (b) => {
        const n = (b as { name: string }).name
        if (n.length > 10)
          return {
            status: 400,
            body: { error: 'invalid', message: 'Invalid', fieldErrors: { name: ['Too long for this test'] } },
          }
        name = n
        return { body: { template: summary('T1', n) } }
      },
    }
    renderWith(<TemplatesScreen />)
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Welcome' }))
    const field = await screen.findByLabelText('Template name')
    fireEvent.change(field, { target: { value: 'A much longer name' } })
    fireEvent.click(screen.getByTestId('rename-save'))
    expect(await screen.findByText('Too long for this test')).toBeInTheDocument()
    fireEvent.change(field, { target: { value: 'Hello' } })
    fireEvent.click(screen.getByTestId('rename-save'))
    expect(await screen.findByRole('link', { name: 'Hello' })).toBeInTheDocument()
  })

  test('a new account sees the empty state with the create action; readers get no write actions', async () => {
    routes = { 'GET /ajax/email-templates': () => ({ body: { templates: [], total: 0, page: 1, pageSize: 25 } }) }
    renderWith(<TemplatesScreen />)
    expect(await screen.findByText('No templates yet')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Create template' })[0]).toHaveAttribute(
      'href',
      '/email-templates/create',
    )
  })

  test('saved content tab lists universal blocks, renames and deletes them after confirming', async () => {
    let items = [
      {
        id: 'U1',
        name: 'Footer',
        type: 'text',
        created: '2026-11-01T00:00:00Z',
        updated: '2026-11-01T00:00:00Z',
        block: { type: 'text', html: '<p>Bye</p>' },
      },
      {
        id: 'U2',
        name: 'Sale button',
        type: 'button',
        created: '2026-11-01T00:00:00Z',
        updated: '2026-11-01T00:00:00Z',
        block: null,
      },
    ]
    routes = {
      'GET /ajax/email-templates/universal-content': () => ({ body: { items } }),
      'PATCH /ajax/email-templates/universal-content/U1': (b) => {
        items = items.map((i) => (i.id === 'U1' ? { ...i, name: (b as { name: string }).name } : i))
        return { body: { item: items[0] } }
      },
      'DELETE /ajax/email-templates/universal-content/U2': () => {
        items = items.filter((i) => i.id !== 'U2')
        return { body: { deleted: true } }
      },
    }
    renderWith(<TemplatesScreen initialTab="saved" />)
    expect(await screen.findByText('Footer')).toBeInTheDocument()
    expect(screen.getByText('Button')).toBeInTheDocument() // the type, in words

    fireEvent.click(screen.getByRole('button', { name: 'Rename Footer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename saved block' })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Shop footer' } })
    fireEvent.click(within(dialog).getByTestId('rename-save'))
    expect(await screen.findByText('Shop footer')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Sale button' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete this saved block?' })
    expect(confirm).toHaveTextContent('Templates that already use it keep their own copy')
    fireEvent.click(within(confirm).getByTestId('confirm-delete'))
    await waitFor(() => expect(screen.queryByText('Sale button')).not.toBeInTheDocument())
  })

  test('readers see saved content without write actions', async () => {
    routes = {
      'GET /ajax/email-templates/universal-content': () => ({
        body: {
          items: [
            {
              id: 'U1',
              name: 'Footer',
              type: 'text',
              created: '2026-11-01T00:00:00Z',
              updated: '2026-11-01T00:00:00Z',
              block: null,
            },
          ],
        },
      }),
    }
    renderWith(<TemplatesScreen initialTab="saved" />, ['templates_read'])
    expect(await screen.findByText('Footer')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rename Footer' })).not.toBeInTheDocument()
  })
})

describe('the block editor', () => {
  test('adds, reorders and edits blocks, previews the draft and saves the definition', async () => {
    const saves: unknown[] = []
    routes = {
      'GET /ajax/email-templates/T1': () => ({ body: { template: detail() } }),
      'POST /ajax/email-templates/T1/preview': (b) =>
        previewAnswer(`<p>${JSON.stringify((b as { definition: { body: unknown[] } }).definition.body.length)}</p>`),
      'PUT /ajax/email-templates/T1': (b) => {
        saves.push(b)
        return { body: { template: detail({ definition: (b as { definition: unknown }).definition }) } }
      },
    }
    renderWith(<TemplateEditorScreen templateId="T1" />)
    expect(await screen.findByTestId('editor-title')).toHaveTextContent('Welcome')
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/preview'))).toBe(true))
    expect(screen.getByTestId('save-template')).toBeDisabled()

    fireEvent.click(screen.getByTestId('add-image'))
    expect(screen.getByTestId('unsaved')).toBeInTheDocument()
    expect(screen.getByTestId('image-src')).toHaveValue('/email/placeholder.svg')
    // the new image is selected; move the button above the text with the keyboard buttons
    fireEvent.click(screen.getByRole('button', { name: 'Move Button up' }))
    fireEvent.click(within(screen.getByTestId('block-0')).getByRole('button', { name: /^Button/ }))
    fireEvent.change(screen.getByTestId('button-text'), { target: { value: 'Buy now' } })

    await waitFor(
      () => {
        const last = calls.filter((c) => c.url.pathname.endsWith('/preview')).pop()!
        expect((last.body as { definition: { body: { type: string }[] } }).definition.body.map((b) => b.type)).toEqual([
          'button',
          'text',
          'image',
        ])
      },
      { timeout: 3000 },
    )

    fireEvent.click(screen.getByTestId('save-template'))
    await waitFor(() => expect(saves).toHaveLength(1))
    const saved = (saves[0] as { definition: { body: Array<{ type: string; text?: string }> } }).definition
    expect(saved.body[0]).toMatchObject({ type: 'button', text: 'Buy now', href: 'https://example.com' })
    await waitFor(() => expect(screen.queryByTestId('unsaved')).not.toBeInTheDocument())
  })

  test('saved content: inserts a copy of a saved block and saves the selected block for reuse', async () => {
    const saved: unknown[] = []
    routes = {
      'GET /ajax/email-templates/T1': () => ({ body: { template: detail() } }),
      'POST /ajax/email-templates/T1/preview': () => previewAnswer(),
      'GET /ajax/email-templates/universal-content': () => ({
        body: {
          items: [
            {
              id: 'U1',
              name: 'Shop footer',
              type: 'text',
              created: '2026-11-01T00:00:00Z',
              updated: '2026-11-01T00:00:00Z',
              block: { type: 'text', html: '<p>Acme · Main St</p>' },
            },
            {
              id: 'U2',
              name: 'Coupon',
              type: 'coupon',
              created: '2026-11-01T00:00:00Z',
              updated: '2026-11-01T00:00:00Z',
              block: null,
            },
          ],
        },
      }),
      'POST /ajax/email-templates/universal-content': (b) => {
        saved.push(b)
        return { body: { item: { id: 'U3', name: (b as { name: string }).name } } }
      },
    }
    renderWith(<TemplateEditorScreen templateId="T1" />)
    await screen.findByTestId('editor-title')
    fireEvent.click(await screen.findByTestId('insert-saved-U1'))
    expect(screen.queryByTestId('insert-saved-U2')).not.toBeInTheDocument() // a kind the editor cannot show
    expect(screen.getByTestId('block-2')).toHaveTextContent('Acme · Main St')
    expect(screen.getByTestId('unsaved')).toBeInTheDocument()

    fireEvent.click(within(screen.getByTestId('block-1')).getByRole('button', { name: /^Button/ }))
    fireEvent.click(screen.getByTestId('save-block'))
    const dialog = await screen.findByRole('dialog', { name: 'Save block for reuse' })
    fireEvent.click(within(dialog).getByTestId('save-block-confirm'))
    expect(await within(dialog).findByText('Enter a name for the saved block.')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Shop button' } })
    fireEvent.click(within(dialog).getByTestId('save-block-confirm'))
    await waitFor(() =>
      expect(saved).toEqual([
        { name: 'Shop button', block: { type: 'button', text: 'Shop', href: 'https://example.com' } },
      ]),
    )
  })

  test('a rejected save shows each problem on its block', async () => {
    routes = {
      'GET /ajax/email-templates/T1': () => ({ body: { template: detail() } }),
      'POST /ajax/email-templates/T1/preview': () => previewAnswer(),
      'PUT /ajax/email-templates/T1': () => ({
        status: 400,
        body: {
          error: 'template_invalid',
          message: 'Invalid',
          issues: [
            { message: 'Use an http(s), mailto: or tel: link, or a template variable', path: 'definition.body.1.href' },
          ],
        },
      }),
    }
    renderWith(<TemplateEditorScreen templateId="T1" />)
    await screen.findByTestId('editor-title')
    fireEvent.click(within(screen.getByTestId('block-1')).getByRole('button', { name: /^Button/ }))
    fireEvent.change(screen.getByTestId('button-href'), { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(screen.getByTestId('save-template'))
    const issues = await screen.findByTestId('block-issues')
    expect(issues).toHaveTextContent('Button 2')
    expect(issues).toHaveTextContent('Use an http(s), mailto: or tel: link')
    expect(screen.getByTestId('block-1')).toHaveAttribute('data-invalid', 'true')
    expect(screen.getByTestId('unsaved')).toBeInTheDocument()
  })

  test('code templates show syntax errors with line and column from the server', async () => {
    routes = {
      'GET /ajax/email-templates/C1': () => ({
        body: { template: detail({ id: 'C1', editorType: 'CODE', definition: null, html: '<p>\n{% if %}\n</p>' }) },
      }),
      'POST /ajax/email-templates/C1/preview': () => ({
        status: 400,
        body: {
          error: 'template_invalid',
          message: 'Invalid',
          issues: [{ message: 'if needs a condition', line: 2, column: 1 }],
        },
      }),
    }
    renderWith(<TemplateEditorScreen templateId="C1" />)
    const editor = await screen.findByTestId('code-editor')
    expect(editor).toHaveValue('<p>\n{% if %}\n</p>')
    const issues = await screen.findByTestId('code-issues', undefined, { timeout: 3000 })
    expect(issues).toHaveTextContent('Line 2, column 1')
    expect(issues).toHaveTextContent('if needs a condition')
    expect(editor).toHaveAttribute('aria-invalid', 'true')
  })

  test('preview for a chosen profile and send a preview', async () => {
    routes = {
      'GET /ajax/email-templates/T1': () => ({ body: { template: detail() } }),
      'POST /ajax/email-templates/T1/preview': (b) => {
        const pid = (b as { profile_id?: string }).profile_id
        return pid
          ? {
              body: {
                html: '<p>Hi Ada</p>',
                text: 'Hi Ada',
                subject: null,
                profile: { id: pid, email: 'ada@example.com', firstName: 'Ada', lastName: 'L', sample: false },
                event: null,
                usesEvent: false,
              },
            }
          : previewAnswer()
      },
      'GET /ajax/email-templates/T1/preview-profiles': () => ({
        body: { profiles: [{ id: 'P1', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' }] },
      }),
      'POST /ajax/email-templates/T1/send-preview': (b) => ({
        status: 202,
        body: { sendId: 'S1', status: 'queued', to: (b as { email: string }).email },
      }),
    }
    renderWith(<TemplateEditorScreen templateId="T1" initialView="preview" />)
    expect(await screen.findByText(/Showing sample data for Jane Sample/)).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('profile-search'), { target: { value: 'ada' } })
    fireEvent.click(await screen.findByTestId('profile-match'))
    expect(await screen.findByText('Rendered for Ada L')).toBeInTheDocument()
    expect(screen.getByTestId('preview-text')).toHaveTextContent('Hi Ada')

    const email = screen.getByTestId('preview-email')
    expect(email).toHaveValue('owner@demo.test')
    fireEvent.change(email, { target: { value: 'not-an-address' } })
    fireEvent.click(screen.getByTestId('send-preview'))
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument()
    fireEvent.change(email, { target: { value: 'qa@example.com' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('send-preview'))
    })
    expect(await screen.findByText('Preview queued for qa@example.com.')).toBeInTheDocument()
    expect(screen.getByTestId('view-sent')).toHaveAttribute('href', '/settings/email/outbox')
    expect(calls.find((c) => c.url.pathname.endsWith('/send-preview'))!.body).toEqual({
      email: 'qa@example.com',
      profile_id: 'P1',
    })
  })
})

describe('the sent-messages viewer', () => {
  test('marks outbox mail as not delivered and shows its HTML sandboxed, text and headers', async () => {
    const msg = {
      id: 'S1',
      channel: 'email',
      sourceType: 'preview',
      sourceId: 'T1',
      profileId: 'P1',
      to: 'qa@example.com',
      subject: 'Preview: Welcome',
      status: 'sent',
      reason: 'not_delivered_outbox',
      provider: 'outbox',
      notDelivered: true,
      created: '2026-11-02T10:00:00.000Z',
      sent: '2026-11-02T10:00:01.000Z',
    }
    routes = {
      'GET /ajax/messages': () => ({ body: { messages: [msg], total: 1, page: 1, pageSize: 25 } }),
      'GET /ajax/messages/S1': () => ({
        body: {
          message: {
            ...msg,
            from: 'shop@example.com',
            html: '<p>Hi</p><script>parent.x=1</script>',
            text: 'Hi',
            headers: { 'Message-ID': '<abc@x>' },
            attempts: 1,
            error: null,
            messageId: '<abc@x>',
            outboxStatus: 'not_delivered',
          },
        },
      }),
    }
    renderWith(<MessagesScreen />)
    expect(await screen.findByText('Email is not being delivered')).toBeInTheDocument()
    const row = (await screen.findByText('Preview: Welcome')).closest('tr')!
    expect(within(row).getByText('Not delivered (local outbox)')).toBeInTheDocument()
    fireEvent.click(within(row).getByTestId('message-open'))
    const frame = await screen.findByTestId('message-html')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(screen.getByText('Not delivered')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('part-text'))
    expect(screen.getByTestId('message-text')).toHaveTextContent('Hi')
    fireEvent.click(screen.getByTestId('part-headers'))
    expect(screen.getByTestId('message-headers')).toHaveTextContent('Message-ID')
  })
})
