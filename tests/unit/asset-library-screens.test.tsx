// The asset library in the browser: the brand styles form loads the kit and shows a server field
// error under its field, the header links save only their part, the fonts screen of one source
// shows its form and the empty state, and /brand-library maps its two segments or is not a page.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { BrandScreen } from '@/components/brand/brand-screen'
import { FontsScreen } from '@/components/brand/fonts-screen'
import { brandLibraryView } from '@/components/brand/brand-library-section'
import { DEFAULT_STYLES } from '@/lib/brand/brand-kit-schema'

jest.mock('next/navigation', () => ({
  usePathname: () => '/asset-library/brand/styles',
  useRouter: () => ({ push: jest.fn() }),
}))

const kit = { styles: DEFAULT_STYLES, headerLinks: [], socialIcons: [], updated: '2026-01-01T00:00:00.000Z' }
let sent: { method: string; url: string; body: unknown }[] = []
let answer: (method: string, url: string) => { status: number; body: unknown }
beforeEach(() => {
  sent = []
  answer = (method, url) =>
    url.includes('/fonts')
      ? { status: 200, body: { fonts: [], hosted: ['Roboto'] } }
      : { status: 200, body: { brand: kit } }
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
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={{ authorization: { resources } } as unknown as StartupData}>
          <ToastProvider>{ui}</ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('the styles form shows the kit and a field error from the server under its field', async () => {
  wrap(<BrandScreen section="styles" />)
  const primary = await screen.findByLabelText('Primary')
  expect(primary).toHaveValue('#1f2937')
  answer = (method, url) =>
    method === 'PUT'
      ? {
          status: 400,
          body: {
            errors: [{ detail: 'Use a colour like #1a2b3c.', source: { pointer: '/styles/colors/primary' } }],
            field_errors: { 'styles.colors.primary': ['Use a colour like #1a2b3c.'] },
          },
        }
      : url.includes('/fonts')
        ? { status: 200, body: { fonts: [], hosted: [] } }
        : { status: 200, body: { brand: kit } }
  fireEvent.change(primary, { target: { value: 'red' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(sent).toHaveLength(1))
  expect(JSON.stringify(sent[0]!.body)).toContain('red')
  expect(await screen.findByText('Use a colour like #1a2b3c.')).toBeInTheDocument()
})

test('header links are added and saved on their own', async () => {
  wrap(<BrandScreen section="header-links" />)
  expect(await screen.findByText('No header links yet.')).toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Add' }))
  fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Shop' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(sent).toHaveLength(1))
  expect(sent[0]!.body).toEqual({ header_links: [{ label: 'Shop', url: 'https://' }] })
})

test('the custom fonts page shows the upload form and the empty state; read-only hides the form', async () => {
  const { unmount } = wrap(<FontsScreen source="custom" />)
  expect(await screen.findByText('No fonts yet')).toBeInTheDocument()
  expect(screen.getByTestId('custom-font-form')).toBeInTheDocument()
  unmount()
  wrap(<FontsScreen source="custom" />, ['templates_read'])
  expect(await screen.findByText('No fonts yet')).toBeInTheDocument()
  expect(screen.queryByTestId('custom-font-form')).toBeNull()
})

test('/brand-library maps its section and sub-section', () => {
  expect(brandLibraryView('brand', 'social-icons')).toEqual({ kind: 'brand', section: 'social-icons' })
  expect(brandLibraryView('fonts', 'web')).toEqual({ kind: 'fonts', source: 'web' })
  expect(brandLibraryView('fonts', 'nope')).toBeNull()
  expect(brandLibraryView('x', 'styles')).toBeNull()
})

test('the themed templates page shows the three themes in the brand colours', async () => {
  const { ThemedTemplatesScreen } = await import('@/components/templates/themed-templates-screen')
  wrap(<ThemedTemplatesScreen />)
  expect(await screen.findByTestId('theme-welcome')).toBeInTheDocument()
  expect(screen.getByTestId('theme-promotion')).toBeInTheDocument()
  expect(screen.getByTestId('theme-newsletter')).toBeInTheDocument()
  expect(screen.getAllByRole('button', { name: 'Use this theme' })).toHaveLength(3)
})

test('create with AI shows the brief and adds products up to four', async () => {
  const { CreateWithAiScreen } = await import('@/components/templates/create-with-ai-screen')
  wrap(<CreateWithAiScreen />)
  expect(screen.getByTestId('create-with-ai')).toBeInTheDocument()
  expect(screen.getByText('No products: the email leads to your shop.')).toBeInTheDocument()
  const add = screen.getByRole('button', { name: 'Add product' })
  for (let i = 0; i < 4; i++) fireEvent.click(add)
  expect(screen.getAllByLabelText('Product')).toHaveLength(4)
  expect(add).toBeDisabled()
})
