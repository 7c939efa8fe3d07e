/** @jest-environment jsdom */
// The timeline's message rows as the profile page renders them: merged with the events by
// time, each with its channel, status, subject, source and (skips, deferrals) reason.
import { render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import { TimelineMessageRow } from '@/components/profile/timeline-message-row'
import { groupEventsByDay, mergeTimeline } from '@/components/profile/timeline-model'
import type { TimelineEvent, TimelineMessage } from '@/lib/profile-view/profile-detail-types'

const msg = (over: Partial<TimelineMessage>): TimelineMessage => ({
  id: 'S1',
  channel: 'email',
  sourceType: 'campaign_message',
  sourceId: 'C1',
  status: 'sent',
  reason: null,
  subject: 'Spring sale',
  deferredUntil: null,
  datetime: '2026-05-04T10:00:00.500Z',
  timestamp: 1777888800,
  ...over,
})
const ev = (id: number, datetime: string): TimelineEvent => ({
  id,
  metricId: 'M',
  metricName: 'Received Email',
  integration: 'internal',
  datetime,
  timestamp: Date.parse(datetime) / 1000,
  value: null,
  currency: null,
  uniqueId: null,
  properties: {},
})

function show(m: TimelineMessage) {
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC">
      <ul>
        <TimelineMessageRow message={m} timeZone="UTC" />
      </ul>
    </NextIntlClientProvider>,
  )
  return screen.getByTestId('timeline-message')
}

test('a skipped email: channel, status, subject, source and the reason in words', () => {
  const row = show(msg({ status: 'skipped', reason: 'smart_sending' }))
  expect(row).toHaveAttribute('data-status', 'skipped')
  expect(within(row).getByText('Email message')).toBeInTheDocument()
  expect(within(row).getByText('Skipped')).toBeInTheDocument()
  expect(within(row).getByText('Spring sale · Campaign')).toBeInTheDocument()
  expect(within(row).getByTestId('timeline-message-reason')).toHaveTextContent(
    'Smart sending: received a message recently',
  )
})

test('a deferred SMS says until when', () => {
  const row = show(
    msg({
      channel: 'sms',
      sourceType: 'flow_action_run',
      status: 'deferred',
      reason: 'quiet_hours',
      subject: 'hi',
      deferredUntil: '2026-05-04T18:00:00Z',
    }),
  )
  expect(within(row).getByText('SMS message')).toBeInTheDocument()
  expect(within(row).getByTestId('timeline-message-reason')).toHaveTextContent(
    /Quiet hours · until May 4, 2026, 6:00\sPM/,
  )
})

test('an unknown reason code is shown in words', () => {
  const row = show(msg({ status: 'failed', reason: 'some_new_reason', subject: null }))
  expect(within(row).getByText('(no subject) · Campaign')).toBeInTheDocument()
  expect(within(row).getByTestId('timeline-message-reason')).toHaveTextContent('some new reason')
})

test('merged newest first, a message before the events of its second, grouped by day', () => {
  const items = mergeTimeline(
    [ev(3, '2026-05-04T10:00:00.000Z'), ev(2, '2026-05-03T09:00:00.000Z')],
    [msg({ id: 'A' }), msg({ id: 'B', datetime: '2026-05-03T12:00:00.000Z' })],
  )
  expect(items.map((i) => (i.kind === 'event' ? i.event.id : i.message.id))).toEqual(['A', 3, 'B', 2])
  expect(groupEventsByDay(items, 'UTC').map((g) => [g.day, g.events.length])).toEqual([
    ['2026-05-04', 2],
    ['2026-05-03', 2],
  ])
})
