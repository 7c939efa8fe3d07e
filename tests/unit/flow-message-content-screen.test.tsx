// /flow/message/{id}/content: an SMS message's text with the way into the SMS editor; /content/edit
// goes straight to the editor of the message's channel; an unknown message is a not-found state.
import { render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { HttpError } from '@/lib/client/http-error'

jest.mock('@/lib/client/http', () => {
  const actual = jest.requireActual('@/lib/client/http-error')
  return { http: { get: jest.fn() }, isHttpError: actual.isHttpError }
})
const replace = jest.fn()
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace }) }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock } }
const { MessageContentScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/flows/message-content/message-content-screen') as typeof import('@/components/flows/message-content/message-content-screen')

const renderScreen = (goToEditor = false) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MessageContentScreen messageId="M1" goToEditor={goToEditor} />
      </SWRConfig>
    </NextIntlClientProvider>,
  )

beforeEach(() => {
  replace.mockReset()
  http.get
    .mockReset()
    .mockImplementation(() => Promise.resolve({ data: { content: { channel: 'sms', body: 'Hi {{ first_name }}' } } }))
})

test('an SMS message shows its text and links to the SMS editor', async () => {
  renderScreen()
  expect(await screen.findByText('Hi {{ first_name }}')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Edit content' })).toHaveAttribute('href', '/flow/message/M1/content/sms')
  expect(replace).not.toHaveBeenCalled()
})

test('/content/edit goes to the channel editor; an unknown message is not found', async () => {
  renderScreen(true)
  await waitFor(() => expect(replace).toHaveBeenCalledWith('/flow/message/M1/content/sms'))
  http.get.mockImplementation(() => Promise.reject(new HttpError(404, { message: 'not found' })))
  renderScreen()
  expect(await screen.findByText('This message was not found')).toBeInTheDocument()
})
