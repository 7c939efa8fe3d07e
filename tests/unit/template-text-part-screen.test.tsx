// The plain-text part of a template: generated text shown read-only until the merchant writes
// their own, which is saved as the template's text; switching back saves null (generate again).
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { ToastProvider } from '@/components/shell/toasts'
import { TemplateTextPartScreen } from '@/components/templates/template-text-part-screen'

const template = {
  id: 'T1',
  name: 'Sale',
  editorType: 'CODE',
  isTransactional: false,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  html: '<p>Hi</p>',
  text: null,
  definition: null,
  compiledHtml: '<p>Hi</p>',
  compiledText: 'Hi (generated)',
  amp: null,
  usesEvent: false,
  warnings: [],
}
let puts: unknown[] = []
beforeEach(() => {
  puts = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    if (method === 'PUT') puts.push(body)
    const tpl = method === 'PUT' ? { ...template, text: body.text, updated: '2026-01-02T00:00:00.000Z' } : template
    return {
      ok: true,
      status: 200,
      type: 'basic',
      redirected: false,
      url: String(input),
      headers: new Headers(),
      text: async () => JSON.stringify({ template: tpl }),
    }
  }) as unknown as typeof fetch
})

test('the generated text is shown; the merchant’s own text is saved', async () => {
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider
          value={{ authorization: { resources: ['templates_read', 'templates_write'] } } as unknown as StartupData}
        >
          <ToastProvider>
            <TemplateTextPartScreen templateId="T1" />
          </ToastProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  const area = await screen.findByLabelText('Plain text')
  expect(area).toHaveValue('Hi (generated)')
  expect(area).toHaveAttribute('readonly')
  fireEvent.click(screen.getByTestId('text-generated'))
  fireEvent.change(area, { target: { value: 'Hello in plain text' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(puts).toHaveLength(1))
  expect(puts[0]).toMatchObject({ text: 'Hello in plain text' })
})
