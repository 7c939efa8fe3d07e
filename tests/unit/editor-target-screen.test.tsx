// An editor target without a template says so (with the way back) instead of an empty editor;
// the target is asked for by kind and id.
import { render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { EditorTargetScreen } from '@/components/templates/editor/editor-target-screen'

let urls: string[] = []
beforeEach(() => {
  urls = []
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input))
    return {
      ok: false,
      status: 404,
      type: 'basic',
      redirected: false,
      url: String(input),
      headers: new Headers(),
      text: async () => JSON.stringify({ message: 'This message has no email template yet.' }),
    }
  }) as unknown as typeof fetch
})

test('a flow message without a template shows the empty state with a link back to the flows', async () => {
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <EditorTargetScreen kind="flow-message" id="FM9" />
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  expect(await screen.findByText('No email template yet')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/flows')
  expect(urls[0]).toContain('/ajax/email-template-editor/target?kind=flow-message&id=FM9')
})
