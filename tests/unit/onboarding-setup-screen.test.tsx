// The account-setup wizard in the browser: a step starts with the choices it shows as made (so
// Continue sends them), the server's field error appears under its field, a saved step moves to
// the next one, and the bare /account-setup resumes at the saved step. Only fetch is a stand-in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { AccountSetupScreen } from '@/components/onboarding/account-setup-screen'

const push = jest.fn()
const replace = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace, prefetch: jest.fn() }),
  usePathname: () => '/account-setup',
}))

const state = {
  answers: {},
  currentStep: 'choose-channels',
  completedAt: null,
  storePlatform: null,
  storeConnected: false,
  smsChosen: false,
  phoneVerified: false,
}
let posts: Array<{ url: string; body: unknown }> = []
let answer: (url: string, body: unknown) => { status: number; body: unknown }
beforeEach(() => {
  posts = []
  push.mockReset()
  replace.mockReset()
  answer = () => ({ status: 200, body: { state, next: '/account-setup/company-website' } })
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const url = String(input)
    if (method === 'POST') posts.push({ url, body })
    const res = method === 'POST' ? answer(url, body) : { status: 200, body: state }
    return {
      ok: res.status < 300,
      status: res.status,
      type: 'basic',
      redirected: false,
      url,
      headers: new Headers(),
      text: async () => JSON.stringify(res.body),
    }
  }) as unknown as typeof fetch
})

const renderScreen = (step?: string) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AccountSetupScreen step={step} />
      </SWRConfig>
    </NextIntlClientProvider>,
  )

test('choose-channels starts with email chosen, sends it, and goes to the next step', async () => {
  renderScreen('choose-channel')
  const email = await screen.findByTestId('channels-email')
  expect(email).toBeChecked()
  fireEvent.click(screen.getByTestId('channels-sms'))
  fireEvent.click(screen.getByTestId('setup-continue'))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/account-setup/company-website'))
  expect(posts).toEqual([
    { url: expect.stringContaining('/ajax/onboarding/setup/choose-channels'), body: { channels: ['email', 'sms'] } },
  ])
})

test('a field error from the server is shown under its field and nothing moves on', async () => {
  answer = () => ({
    status: 400,
    body: {
      error: 'invalid',
      message: 'Please correct the highlighted fields.',
      fieldErrors: { websiteUrl: ['Enter your store’s full address.'] },
    },
  })
  renderScreen('company-website')
  fireEvent.change(await screen.findByTestId('field-websiteUrl'), { target: { value: 'shop' } })
  fireEvent.click(screen.getByTestId('setup-continue'))
  expect(await screen.findByText('Enter your store’s full address.')).toBeInTheDocument()
  expect(push).not.toHaveBeenCalled()
})

test('the bare /account-setup resumes at the saved step', async () => {
  renderScreen()
  await waitFor(() => expect(replace).toHaveBeenCalledWith('/account-setup/choose-channels'))
})
