// Issue 24 §2: the hub's onboarding design step previews the colours and font as they are typed,
// saves only the design through /ajax/customer-hub/settings and moves on to the enable step; a
// server field error stays on the step, shown at its field.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { HttpError } from '@/lib/client/http-error'

jest.mock('@/lib/client/http', () => {
  const actual = jest.requireActual('@/lib/client/http-error')
  return { http: { get: jest.fn(), post: jest.fn() }, isHttpError: actual.isHttpError }
})
const push = jest.fn()
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push }),
  usePathname: () => '/customer-hub/onboarding/design',
}))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock } }
const { HubSettingsScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/customer-hub/hub-settings-screen') as typeof import('@/components/customer-hub/hub-settings-screen')

const SETTINGS = {
  enabled: false,
  buttonEnabled: false,
  webchatEnabled: false,
  content: { headline: 'Your account', intro: '', blocks: [] },
  design: { primaryColor: '#1a1a1a', backgroundColor: '#ffffff', logoUrl: null, font: 'system' },
  features: { orders: true, returns: true, recentlyViewed: true, faq: true, support: true },
  webchat: { greeting: 'Hi', hours: '' },
  extensions: { reorder: true, wishlist: false, recommendations: false },
  returnWindowDays: 30,
  returnRules: { requireReason: true, excludedSkus: [], note: '' },
  supportEmail: null,
  faq: [],
  completedTasks: [],
  hubPath: '/hub/pk',
}

const renderStep = () =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <HubSettingsScreen section="design" onboarding={{ step: 2, next: '/customer-hub/onboarding/enable' }} />
      </SWRConfig>
    </NextIntlClientProvider>,
  )

beforeEach(() => {
  push.mockReset()
  http.get.mockReset().mockImplementation(() => Promise.resolve({ data: SETTINGS }))
  http.post.mockReset()
})

test('the preview follows the draft; a save sends the design and goes on to the enable step', async () => {
  http.post.mockImplementation((_url: string, body: unknown) =>
    Promise.resolve({ data: { ...SETTINGS, design: (body as typeof SETTINGS).design } }),
  )
  renderStep()
  const bg = await screen.findByLabelText('Background colour')
  fireEvent.change(bg, { target: { value: '#ffeecc' } })
  fireEvent.change(screen.getByLabelText('Font'), { target: { value: 'serif' } })
  const preview = screen.getByTestId('hub-preview')
  expect(preview).toHaveStyle({ background: '#ffeecc', fontFamily: 'Georgia,serif' })
  fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }))
  await waitFor(() => expect(push).toHaveBeenCalledWith('/customer-hub/onboarding/enable'))
  expect(http.post.mock.calls[0][0]).toBe('/ajax/customer-hub/settings')
  expect(http.post.mock.calls[0][1]).toEqual({
    design: { primaryColor: '#1a1a1a', backgroundColor: '#ffeecc', logoUrl: null, font: 'serif' },
  })
})

test('a field error keeps the merchant on the step with the message at its field', async () => {
  http.post.mockImplementation(() =>
    Promise.reject(
      new HttpError(400, {
        message: 'Invalid input',
        fieldErrors: { 'design.primaryColor': ['Use a colour like #1a2b3c.'] },
      }),
    ),
  )
  renderStep()
  fireEvent.change(await screen.findByLabelText('Button colour'), { target: { value: 'red' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }))
  expect(await screen.findByText('Use a colour like #1a2b3c.')).toBeInTheDocument()
  expect(push).not.toHaveBeenCalled()
})
