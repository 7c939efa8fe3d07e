// The profile page: identity, consent and suppressions, lists and segments, properties, and the
// write actions that appear only with profile_write.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import type { ProfileDetail } from '@/lib/profile-view/profile-detail-types'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn(), patch: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock; post: jest.Mock; patch: jest.Mock } }
const { ProfileScreen } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/profile/profile-screen') as typeof import('@/components/profile/profile-screen')

const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers() })
const wrap = (ui: ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </NextIntlClientProvider>,
  )

function detail(over: Partial<ProfileDetail> = {}): ProfileDetail {
  return {
    profile: {
      id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
      email: 'ada@example.com',
      phoneNumber: null,
      externalId: 'c-1',
      anonymousId: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      organization: 'Analytical',
      title: 'Engineer',
      image: null,
      locale: 'en-GB',
      location: {
        address1: null,
        address2: null,
        city: 'London',
        region: null,
        zip: null,
        country: 'United Kingdom',
        latitude: null,
        longitude: null,
        timezone: 'Europe/London',
        ip: null,
      },
      createdAt: '2025-01-02T10:00:00.000Z',
      updatedAt: '2025-02-02T10:00:00.000Z',
      lastEventAt: '2025-03-01T09:30:00.000Z',
    },
    properties: { favorite_color: 'blue', $source: 'import' },
    consent: [
      {
        channel: 'email_marketing',
        status: 'subscribed',
        method: 'form',
        source: 'Footer',
        consentedAt: '2025-01-03T00:00:00.000Z',
        updatedAt: '2025-01-03T00:00:00.000Z',
      },
      {
        channel: 'sms_marketing',
        status: 'never_subscribed',
        method: null,
        source: null,
        consentedAt: null,
        updatedAt: null,
      },
      {
        channel: 'sms_transactional',
        status: 'never_subscribed',
        method: null,
        source: null,
        consentedAt: null,
        updatedAt: null,
      },
      {
        channel: 'push',
        status: 'unsubscribed',
        method: null,
        source: null,
        consentedAt: null,
        updatedAt: '2025-01-05T00:00:00.000Z',
      },
      {
        channel: 'whatsapp',
        status: 'pending',
        method: null,
        source: null,
        consentedAt: null,
        updatedAt: '2025-01-06T00:00:00.000Z',
      },
    ],
    suppressions: [],
    groups: [
      { id: 'L1', name: 'Newsletter', kind: 'list', enteredAt: '2025-01-03T00:00:00.000Z', source: 'form' },
      { id: 'S1', name: 'VIP customers', kind: 'segment', enteredAt: '2025-02-03T00:00:00.000Z', source: null },
    ],
    metrics: [],
    ...over,
  }
}

beforeEach(() => {
  http.get.mockReset().mockImplementation(() => ok({ events: [], nextCursor: null }))
  http.post.mockReset()
  http.patch.mockReset()
})

test('identity, consent per channel, lists and segments, properties', async () => {
  wrap(<ProfileScreen initial={detail()} canWrite={false} timeZone="UTC" />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ada Lovelace')
  const identity = screen.getByTestId('profile-identity')
  expect(identity).toHaveTextContent('Engineer · Analytical')
  expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com')
  expect(screen.getByText('London, United Kingdom')).toBeInTheDocument()

  const consent = screen.getByTestId('profile-consent')
  const row = (channel: string) => consent.querySelector(`[data-channel="${channel}"]`) as HTMLElement
  expect(row('email_marketing')).toHaveTextContent('Email marketing')
  expect(row('email_marketing')).toHaveTextContent('Subscribed')
  expect(row('email_marketing')).toHaveTextContent('Method: form · Source: Footer')
  expect(row('sms_marketing')).toHaveTextContent('Never subscribed')
  expect(row('push')).toHaveTextContent('Unsubscribed')
  expect(row('whatsapp')).toHaveTextContent('Pending confirmation')
  expect(screen.getByText(/No active suppressions/)).toBeInTheDocument()

  const groups = screen.getByTestId('profile-groups')
  expect(within(groups).getByRole('link', { name: 'Newsletter' })).toHaveAttribute('href', '/list/L1/newsletter')
  expect(within(groups).getByRole('link', { name: 'VIP customers' })).toHaveAttribute('href', '/list/S1/vip-customers')

  const props = screen.getByTestId('profile-properties')
  expect(
    within(props)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent),
  ).toEqual(['favorite_colorblue', '$sourceimport'])
  // Read-only: no write actions.
  expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Suppress email' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Add property' })).not.toBeInTheDocument()
  await waitFor(() => expect(screen.getByText('No activity yet')).toBeInTheDocument())
})

test('suppress email after confirmation; a manual suppression can be removed, a bounce cannot', async () => {
  const suppressed = detail({
    suppressions: [
      { id: 1, channel: 'email', reason: 'manual', createdAt: '2025-03-01T00:00:00.000Z' },
      { id: 2, channel: 'sms', reason: 'bounced', createdAt: '2025-03-01T00:00:00.000Z' },
    ],
  })
  http.post.mockImplementation(() => ok(suppressed))
  wrap(
    <ProfileScreen
      initial={detail({ profile: { ...detail().profile, phoneNumber: '+15555550100' } })}
      canWrite
      timeZone="UTC"
    />,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Suppress email' }))
  const dialog = screen.getByRole('dialog', { name: 'Suppress Email?' })
  expect(dialog).toHaveTextContent('ada@example.com won’t receive marketing')
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suppress' }))
  })
  expect(http.post).toHaveBeenCalledWith(
    '/ajax/profile/01JABCDEFGHJKMNPQRSTVWXYZ0/suppress',
    { channel: 'email' },
    { transformKeys: false },
  )
  const list = await screen.findByTestId('profile-suppressions')
  expect(list).toHaveTextContent('Suppressed manually')
  expect(list).toHaveTextContent('Bounced')
  expect(within(list).getAllByRole('button', { name: 'Remove suppression' })).toHaveLength(1)
  const emailRow = screen
    .getByTestId('profile-consent')
    .querySelector('[data-channel="email_marketing"]') as HTMLElement
  expect(emailRow).toHaveTextContent('Suppressed')
  expect(screen.getByRole('button', { name: 'Suppress email' })).toBeDisabled()
})

test('edit profile sends only the changed fields and shows field errors', async () => {
  http.patch.mockImplementationOnce(() =>
    Promise.reject(
      Object.assign(new Error('bad'), {
        status: 400,
        data: {
          error: 'invalid',
          message: 'Please correct the highlighted fields.',
          fieldErrors: { email: ['Enter a valid email address.'] },
        },
      }),
    ),
  )
  wrap(<ProfileScreen initial={detail()} canWrite timeZone="UTC" />)
  fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }))
  const form = screen.getByTestId('profile-edit-form')
  fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'nope' } })
  fireEvent.change(within(form).getByLabelText('City'), { target: { value: '' } })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  })
  expect(http.patch).toHaveBeenCalledWith(
    '/ajax/profile/01JABCDEFGHJKMNPQRSTVWXYZ0',
    { email: 'nope', location: { city: null } },
    { transformKeys: false },
  )
  expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument()
})

test('add a custom property with its type; names are sent as typed', async () => {
  http.patch.mockImplementation(() =>
    ok(detail({ properties: { favorite_color: 'blue', $source: 'import', 'Lifetime Orders': 3 } })),
  )
  wrap(<ProfileScreen initial={detail()} canWrite timeZone="UTC" />)
  fireEvent.click(screen.getByRole('button', { name: 'Add property' }))
  const dialog = screen.getByRole('dialog', { name: 'Add property' })
  fireEvent.change(within(dialog).getByLabelText('Property'), { target: { value: 'Lifetime Orders' } })
  fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'number' } })
  fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: 'three' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
  expect(await within(dialog).findByText('Enter a number.')).toBeInTheDocument()
  fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '3' } })
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
  })
  expect(http.patch).toHaveBeenCalledWith(
    '/ajax/profile/01JABCDEFGHJKMNPQRSTVWXYZ0',
    { properties: { 'Lifetime Orders': 3 } },
    { transformKeys: false },
  )
  await waitFor(() => expect(screen.getByTestId('profile-properties')).toHaveTextContent('Lifetime Orders3'))
})
