// Shell screens, header and frame.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { NotFoundScreen } from '@/components/shell/not-found-screen'
import { NoAccessScreen } from '@/components/shell/no-access-screen'
import { NotAvailableScreen } from '@/components/shell/not-available-screen'
import { ErrorScreen } from '@/components/shell/error-screen'
import { Header, type HeaderData } from '@/components/shell/header'
import { AppFrame } from '@/components/shell/app-frame'
import type { NavItem } from '@/lib/routes/nav'

jest.mock('@/lib/client/http', () => ({
  http: { post: jest.fn(() => Promise.resolve({ data: {}, status: 200, headers: new Headers() })) },
}))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { post: jest.Mock } }

const testMessages = {
  ...messages,
  nav: { ...messages.nav, home: 'Home', audience: 'Audience', customers: 'Customers', flows: 'Flows' },
}
const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={testMessages} onError={() => {}}>
      {ui}
    </NextIntlClientProvider>,
  )

const header: HeaderData = {
  companyId: 1,
  companyName: 'Demo Store',
  userName: 'Olivia Owner',
  userEmail: 'owner@demo.test',
  photoUrl: null,
  role: 'owner',
  isStaff: false,
  staffAccess: false,
  companies: [
    { id: 1, name: 'Demo Store', avatarColor: '#2d5be3' },
    { id: 2, name: 'Second Store', avatarColor: '#17804d' },
  ],
}

test('NotFoundScreen: three reasons, four footer links, title and logo', () => {
  wrap(<NotFoundScreen />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We couldn’t find that page')
  expect(within(screen.getByTestId('not-found-reasons')).getAllByRole('listitem')).toHaveLength(3)
  const links = within(screen.getByRole('navigation', { name: 'Where to go next' }))
  expect(links.getByRole('button', { name: 'Go back to the last page' })).toBeInTheDocument()
  expect(links.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard')
  expect(links.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support')
  expect(links.getByRole('link', { name: 'Join the community' })).toHaveAttribute(
    'href',
    expect.stringMatching(/^https:\/\//),
  )
  expect(screen.getByRole('link', { name: 'Merchant Automation' })).toHaveAttribute('href', '/dashboard')
  expect(document.title).toBe('Page not found | Merchant Automation')
})

test('NoAccessScreen names the object and points to an admin', () => {
  wrap(<NoAccessScreen objectName="Users" />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You don’t have access to Users')
  expect(screen.getByText(/permission to open Users/)).toBeInTheDocument()
  expect(screen.getByText(/account owner or admin/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard')
})

test('NotAvailableScreen names the area and shows the path', () => {
  wrap(<NotAvailableScreen areaName="Campaigns" path="/campaigns" />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Campaigns isn’t available yet')
  expect(screen.getByText('/campaigns')).toBeInTheDocument()
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
})

test('ErrorScreen shows the library texts and reports the error once with the route', async () => {
  const fetchMock = jest.fn(() => Promise.resolve(new Response('{}')))
  global.fetch = fetchMock as unknown as typeof fetch
  const error = new Error('boom')
  const { rerender } = wrap(<ErrorScreen error={error} routePath="/flows" />)
  rerender(
    <NextIntlClientProvider locale="en-US" messages={testMessages}>
      <ErrorScreen error={error} routePath="/flows" />
    </NextIntlClientProvider>,
  )
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
  expect(
    screen.getByText("Give it another try. If that doesn't work, check back in a few minutes."),
  ).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  expect(url).toBe('/ajax/client-errors')
  expect(init.keepalive).toBe(true)
  expect(JSON.parse(init.body as string)).toMatchObject({ message: 'boom', route: '/flows' })
})

test('Header: staff badge, account switch and sign out', async () => {
  // jsdom cannot navigate; window.location.assign logs "Not implemented" and does nothing.
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {})
  wrap(<Header data={{ ...header, staffAccess: true }} />)
  expect(screen.getByTestId('app-header')).toBeInTheDocument()
  expect(screen.getByTestId('staff-access-badge')).toHaveTextContent('Staff access: Demo Store')
  fireEvent.click(screen.getByTestId('account-switcher'))
  fireEvent.click(screen.getByRole('button', { name: /Second Store/ }))
  await waitFor(() => expect(http.post).toHaveBeenCalledWith('/ajax/account/switch-company', { companyId: 2 }))
  fireEvent.click(screen.getByRole('button', { name: 'Account menu for Olivia Owner' }))
  expect(screen.getByText('owner@demo.test')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Profile settings' })).toHaveAttribute('href', '/settings/account/personal')
  expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/settings/account/security')
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(http.post).toHaveBeenCalledWith('/ajax/logout'))
  quiet.mockRestore()
})

const navItems: NavItem[] = [
  { id: 'home', url: '/dashboard', labelKey: 'home', active: false, children: [] },
  {
    id: 'audience',
    url: '/lists',
    labelKey: 'audience',
    active: true,
    children: [{ id: 'customers', url: '/profiles', labelKey: 'customers', active: true, children: [] }],
  },
  { id: 'flows', url: '/flows', labelKey: 'flows', active: false, children: [] },
]

test('AppFrame navigation layout: header, sidebar with the active parent expanded, main, skip link', () => {
  wrap(
    <AppFrame layout="navigation" header={header} navItems={navItems}>
      <p>Content</p>
    </AppFrame>,
  )
  expect(screen.getByTestId('app-header')).toBeInTheDocument()
  const sidebar = screen.getByTestId('app-sidebar')
  expect(within(sidebar).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page')
  expect(within(sidebar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard')
  expect(screen.getByTestId('app-main')).toHaveTextContent('Content')
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content')
})

test('AppFrame header, page and none layouts', () => {
  const { unmount } = wrap(
    <AppFrame layout="header" header={header} navItems={navItems}>
      x
    </AppFrame>,
  )
  expect(screen.getByTestId('app-header')).toBeInTheDocument()
  expect(screen.queryByTestId('app-sidebar')).not.toBeInTheDocument()
  unmount()
  const page = wrap(
    <AppFrame layout="page" header={header} navItems={navItems}>
      x
    </AppFrame>,
  )
  expect(screen.queryByTestId('app-header')).not.toBeInTheDocument()
  expect(screen.getByTestId('app-main')).toBeInTheDocument()
  page.unmount()
  wrap(
    <AppFrame layout="none" header={header} navItems={navItems}>
      <span>bare</span>
    </AppFrame>,
  )
  expect(screen.queryByTestId('app-main')).not.toBeInTheDocument()
  expect(screen.getByText('bare')).toBeInTheDocument()
})
