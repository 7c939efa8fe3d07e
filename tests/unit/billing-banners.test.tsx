// The account-state banners (seed 000, issue 26): a failed payment and a scheduled cancellation
// from the app shell's company flags, the fix offered only to billing writers; and the plan-limit
// banner while /ajax/billing/limit-status says the plan holds messages back. Only fetch is a stand-in.
import { render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { ShellContext } from '@/lib/client/shell-context'
import type { StartupData } from '@/lib/client/shell-types'
import { BannerArea, BannerProvider } from '@/components/shell/banners'
import { AccountStateBanners } from '@/components/billing/account-state-banners'
import { PlanLimitBanner } from '@/components/billing/plan-limit-banner'

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/dashboard',
}))

let limit = { email: false, sms: false }
beforeEach(() => {
  limit = { email: false, sms: false }
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    const body = url.pathname === '/ajax/billing/limit-status' ? limit : { error: 'not_found' }
    return {
      ok: true,
      status: 200,
      type: 'basic',
      redirected: false,
      url: url.href,
      headers: new Headers(),
      text: async () => JSON.stringify(body),
    } as unknown as Response
  }) as typeof fetch
})

function renderWith(ui: ReactNode, company: Record<string, unknown>, resources: string[]) {
  const shell = { authorization: { resources }, appShell: { company } } as unknown as StartupData
  return render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ShellContext.Provider value={shell}>
          <BannerProvider>
            {ui}
            <BannerArea />
          </BannerProvider>
        </ShellContext.Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  )
}

test('a failed payment and a scheduled cancellation are shown; the fixes only to billing writers', async () => {
  const company = { isInFailedPaymentState: true, isScheduledForCancellation: true }
  const { unmount } = renderWith(<AccountStateBanners />, company, ['billing_read', 'billing_write'])
  expect(await screen.findByText(/The last payment for this account failed/)).toBeInTheDocument()
  expect(screen.getByText(/moves to the free plan at the end of this billing period/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Update payment method' })).toHaveAttribute(
    'href',
    '/settings/billing/manage-subscription',
  )
  expect(screen.getByRole('link', { name: 'Keep my plan' })).toHaveAttribute('href', '/cancel')
  unmount()
  renderWith(<AccountStateBanners />, company, ['dashboard'])
  expect(await screen.findByText(/The last payment for this account failed/)).toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'Update payment method' })).toBeNull()
})

test('nothing is shown for an account in good standing', async () => {
  renderWith(<AccountStateBanners />, { isInFailedPaymentState: false }, ['billing_write'])
  await new Promise((r) => setTimeout(r, 10))
  expect(screen.queryByTestId('banner')).toBeNull()
})

test('the plan-limit banner appears while the plan holds messages back', async () => {
  limit = { email: true, sms: false }
  renderWith(<PlanLimitBanner />, {}, ['billing_write'])
  expect(await screen.findByText(/Your email plan has reached its limit/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Choose a larger plan' })).toBeInTheDocument()
})

test('no plan-limit banner below the limit', async () => {
  renderWith(<PlanLimitBanner />, {}, ['billing_write'])
  await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled())
  await new Promise((r) => setTimeout(r, 20))
  expect(screen.queryByTestId('banner')).toBeNull()
})
