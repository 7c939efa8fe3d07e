// /get-started and the first campaign's waiting step in the browser: guides marked done from the
// server's answer, SMS guides only for accounts that text, the unfinished setup offered; a
// campaign sent now (no Scheduled status) still moves on from waiting. Only fetch is a stand-in.
import { render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { GetStartedScreen } from '@/components/get-started/get-started-screen'
import { SegmentAndSendScreen } from '@/components/get-started/segment-and-send-screen'

const replace = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace, prefetch: jest.fn() }),
  usePathname: () => '/get-started',
}))

let routes: Record<string, unknown>
beforeEach(() => {
  replace.mockReset()
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    const key = Object.keys(routes).find((k) => url.includes(k))
    const body = key ? routes[key] : { error: 'not_found' }
    return {
      ok: !!key,
      status: key ? 200 : 404,
      type: 'basic',
      redirected: false,
      url,
      headers: new Headers(),
      text: async () => JSON.stringify(body),
    }
  }) as unknown as typeof fetch
})

const wrap = (ui: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </NextIntlClientProvider>,
  )

const guides = [
  { id: 'listSetup', href: '/get-started/list-setup', done: true, channel: 'any' },
  { id: 'wsFlow', href: '/get-started/ws-flow/launch', done: false, channel: 'email' },
  { id: 'smsSetup', href: '/get-started/sms-setup', done: false, channel: 'sms' },
]

test('the guides with their done states; SMS guides hidden for an email-only account; setup offered', async () => {
  routes = { '/ajax/onboarding/get-started': { guides, smsChosen: false, setupStep: 'list-size' } }
  wrap(<GetStartedScreen />)
  expect(await screen.findByTestId('guide-listSetup')).toHaveAttribute('data-done', 'true')
  expect(screen.getByTestId('guide-wsFlow')).toHaveAttribute('data-done', 'false')
  expect(screen.queryByTestId('guide-smsSetup')).toBeNull()
  expect(screen.getByText('1 of 2 done')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Finish setup' })).toHaveAttribute('href', '/account-setup')
})

test('an account that texts sees the SMS guides', async () => {
  routes = { '/ajax/onboarding/get-started': { guides, smsChosen: true, setupStep: null } }
  wrap(<GetStartedScreen />)
  expect(await screen.findByTestId('guide-smsSetup')).toBeInTheDocument()
})

test('waiting moves on once the campaign left Draft, also when it was sent at once', async () => {
  routes = {
    '/ajax/onboarding/segment-and-send/C1': { campaignId: 'C1', status: 'Preparing to send', scheduledAt: null },
  }
  wrap(<SegmentAndSendScreen step="waiting" query={{ goal: '', audience: '', campaign: 'C1' }} />)
  await waitFor(() => expect(replace).toHaveBeenCalledWith('/get-started/segment-and-send/complete?campaign=C1'))
})
