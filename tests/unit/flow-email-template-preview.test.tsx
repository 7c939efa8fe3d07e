// The flow builder's email step shows the chosen template's edit link and its body rendered
// (issue 30 §6: the step had only the picker). Only fetch is a stand-in; the component, the HTTP
// client and the messages are the real ones.
import { render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { EmailTemplatePreview } from '@/components/flows/builder/email-template-preview'

let previewStatus = 200
beforeEach(() => {
  previewStatus = 200
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const hit = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === 'POST /ajax/email-templates/T1/preview'
    const status = hit ? previewStatus : 404
    const body =
      hit && status === 200
        ? { html: '<p>Welcome aboard, Ada</p>', text: '', subject: null, profile: {}, event: null }
        : { error: status === 403 ? 'forbidden' : 'not_found', message: 'No' }
    return {
      ok: status < 300,
      status,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers(),
      text: async () => JSON.stringify(body),
    }
  }) as unknown as typeof fetch
})

const view = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <EmailTemplatePreview templateId="T1" />
      </NextIntlClientProvider>
    </SWRConfig>,
  )

test('links to the template editor and shows the rendered body in a sandboxed frame', async () => {
  view()
  const link = screen.getByTestId('edit-email-template')
  expect(link).toHaveTextContent('Edit template')
  expect(link).toHaveAttribute('href', '/email-template-editor/template/T1')
  const frame = await screen.findByTestId('preview-frame')
  expect(frame).toHaveAttribute('sandbox', '')
  expect(frame.getAttribute('srcdoc')).toContain('Welcome aboard, Ada')
  expect(frame).toHaveAttribute('title', 'Template preview')
  expect(screen.getByTestId('email-template-preview').querySelector('.templatePreviewFrame')).not.toBeNull()
})

test('a user refused the preview still gets the edit link, and no frame', async () => {
  previewStatus = 403
  view()
  await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled())
  const box = screen.getByTestId('email-template-preview')
  // While the preview loads its stage is there (a spinner); the refusal removes it.
  await waitFor(() => expect(box.querySelector('.templatePreviewFrame')).toBeNull())
  expect(screen.queryByTestId('preview-frame')).toBeNull()
  expect(screen.getByTestId('edit-email-template')).toBeInTheDocument()
})
