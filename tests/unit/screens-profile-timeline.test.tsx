// The profile page's activity timeline: day groups in the company's time zone, summaries,
// and the rendered timeline (one 'timeline-event' per event, Load more, expandable properties).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import type { ReactNode } from 'react'
import messages from '@/messages/en-US.json'
import { eventSummary, groupEventsByDay, relativeDay, sortedProperties } from '@/components/profile/timeline-model'
import { parsePropertyValue, typeOf } from '@/components/profile/property-value'
import { startOfZonedDay, zonedDayKey } from '@/lib/profile-view/zoned-time'
import type { TimelineEvent } from '@/lib/profile-view/profile-detail-types'

jest.mock('@/lib/client/http', () => ({ http: { get: jest.fn(), post: jest.fn(), patch: jest.fn() } }))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { http } = require('@/lib/client/http') as { http: { get: jest.Mock } }
const { ProfileTimeline } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@/components/profile/profile-timeline') as typeof import('@/components/profile/profile-timeline')

let nextId = 1
function ev(datetime: string, extra: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    id: nextId++,
    metricId: 'M1',
    metricName: 'Viewed Product',
    integration: 'api',
    datetime,
    timestamp: Math.floor(Date.parse(datetime) / 1000),
    value: null,
    currency: null,
    uniqueId: null,
    properties: {},
    ...extra,
  }
}

describe('groupEventsByDay', () => {
  test('groups consecutive events by the calendar day of the zone, keeping order', () => {
    const events = [
      ev('2025-03-10T03:30:00Z'), // 9 Mar 23:30 in New York
      ev('2025-03-10T02:00:00Z'),
      ev('2025-03-09T20:00:00Z'),
      ev('2025-03-09T04:59:00Z'), // 8 Mar 23:59 in New York (EST, before the DST change)
    ]
    const ny = groupEventsByDay(events, 'America/New_York')
    expect(ny.map((g) => [g.day, g.events.length])).toEqual([
      ['2025-03-09', 3],
      ['2025-03-08', 1],
    ])
    const utc = groupEventsByDay(events, 'UTC')
    expect(utc.map((g) => [g.day, g.events.length])).toEqual([
      ['2025-03-10', 2],
      ['2025-03-09', 2],
    ])
    const tokyo = groupEventsByDay(events, 'Asia/Tokyo')
    expect(tokyo.map((g) => g.day)).toEqual(['2025-03-10', '2025-03-09'])
    expect(tokyo.flatMap((g) => g.events.map((e) => e.id))).toEqual(events.map((e) => e.id))
  })

  test('no events, no groups', () => {
    expect(groupEventsByDay([], 'UTC')).toEqual([])
  })

  test('today and yesterday are relative to the zone', () => {
    const now = new Date('2025-06-01T02:00:00Z') // still 31 May in Los Angeles
    expect(relativeDay('2025-06-01', 'UTC', now)).toBe('today')
    expect(relativeDay('2025-05-31', 'UTC', now)).toBe('yesterday')
    expect(relativeDay('2025-05-31', 'America/Los_Angeles', now)).toBe('today')
    expect(relativeDay('2025-05-30', 'America/Los_Angeles', now)).toBe('yesterday')
    expect(relativeDay('2025-01-01', 'UTC', now)).toBeNull()
    // Across a month and year boundary.
    expect(relativeDay('2024-12-31', 'UTC', new Date('2025-01-01T10:00:00Z'))).toBe('yesterday')
  })

  test('zoned midnights are DST-safe', () => {
    // 10 Mar 2025 in New York starts at 04:00Z (EDT began on the 9th); 9 Mar starts at 05:00Z.
    expect(startOfZonedDay(new Date('2025-03-10T15:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-03-10T04:00:00.000Z',
    )
    expect(startOfZonedDay(new Date('2025-03-10T15:00:00Z'), 'America/New_York', 1).toISOString()).toBe(
      '2025-03-09T05:00:00.000Z',
    )
    expect(zonedDayKey(new Date('2025-03-10T03:59:59Z'), 'America/New_York')).toBe('2025-03-09')
  })
})

describe('event summaries and property values', () => {
  test('the summary prefers product and item names, then titles and URLs', () => {
    expect(eventSummary({ ProductName: 'Blue Mug', URL: 'https://x' })).toBe('Blue Mug')
    expect(eventSummary({ ItemNames: ['Mug', 'Plate'], $value: 20 })).toBe('Mug, Plate')
    expect(eventSummary({ $url: 'https://shop.test/' })).toBe('https://shop.test/')
    expect(eventSummary({ other: 1 })).toBeNull()
    expect(eventSummary({ Name: 'x'.repeat(300) })!.length).toBe(140)
  })

  test('$ system properties sort last', () => {
    expect(sortedProperties({ $value: 1, b: 2, a: 3 }).map(([k]) => k)).toEqual(['a', 'b', '$value'])
  })

  test('typed property values', () => {
    expect(parsePropertyValue('12.5', 'number')).toEqual({ value: 12.5 })
    expect(parsePropertyValue('abc', 'number')).toEqual({ error: 'invalidNumber' })
    expect(parsePropertyValue('true', 'boolean')).toEqual({ value: true })
    expect(parsePropertyValue('yes', 'boolean')).toEqual({ error: 'invalidBoolean' })
    expect(parsePropertyValue('["a"]', 'json')).toEqual({ value: ['a'] })
    expect(parsePropertyValue('{oops', 'json')).toEqual({ error: 'invalidJson' })
    expect(parsePropertyValue(' 007 ', 'text')).toEqual({ value: ' 007 ' })
    expect([typeOf(1), typeOf(true), typeOf({}), typeOf('x')]).toEqual(['number', 'boolean', 'json', 'text'])
  })
})

describe('<ProfileTimeline>', () => {
  const wrap = (ui: ReactNode) =>
    render(
      <NextIntlClientProvider locale="en-US" messages={messages} timeZone="UTC" onError={() => {}}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
      </NextIntlClientProvider>,
    )

  beforeEach(() => http.get.mockReset())

  test('renders day groups, one timeline-event per event, currency values, and pages with Load more', async () => {
    const page1 = {
      events: [
        ev('2025-03-10T15:00:00Z', {
          metricName: 'Placed Order',
          value: 42.5,
          currency: 'USD',
          properties: { ItemNames: ['Mug'] },
        }),
        ev('2025-03-10T14:00:00Z', { properties: { ProductName: 'Blue Mug', Price: 12 } }),
        ev('2025-03-09T10:00:00Z'),
      ],
      nextCursor: '1741514400.3',
    }
    const page2 = { events: [ev('2025-03-01T10:00:00Z', { metricName: 'Active on Site' })], nextCursor: null }
    http.get.mockImplementation((url: string, opts: { params: { cursor?: string } }) =>
      Promise.resolve({ data: opts.params.cursor ? page2 : page1, status: 200, headers: new Headers() }),
    )

    wrap(<ProfileTimeline profileId="P1" metrics={[{ id: 'M1', name: 'Viewed Product', count: 3 }]} timeZone="UTC" />)
    const timeline = screen.getByTestId('profile-timeline')
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-event')).toHaveLength(3))
    expect(http.get).toHaveBeenCalledWith('/ajax/profile/P1/events', expect.objectContaining({ transformKeys: false }))
    expect(
      within(timeline)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Monday, March 10, 2025', 'Sunday, March 9, 2025'])
    const order = within(timeline).getAllByTestId('timeline-event')[0]!
    expect(order).toHaveAttribute('data-metric', 'Placed Order')
    expect(order).toHaveTextContent('$42.50')
    expect(order).toHaveTextContent('Mug')

    // Properties expand on demand.
    const second = within(timeline).getAllByTestId('timeline-event')[1]!
    expect(within(second).queryByText('Price')).not.toBeInTheDocument()
    fireEvent.click(within(second).getByRole('button', { name: 'Show 2 properties' }))
    expect(within(second).getByText('Price')).toBeInTheDocument()
    expect(within(second).getByRole('button', { name: 'Hide properties' })).toHaveAttribute('aria-expanded', 'true')

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-event')).toHaveLength(4))
    expect(http.get).toHaveBeenCalledWith(
      '/ajax/profile/P1/events',
      expect.objectContaining({ params: expect.objectContaining({ cursor: '1741514400.3' }) }),
    )
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  test('an empty timeline says so; the metric filter asks the server for that metric', async () => {
    http.get.mockResolvedValue({ data: { events: [], nextCursor: null }, status: 200, headers: new Headers() })
    wrap(<ProfileTimeline profileId="P2" metrics={[{ id: 'M9', name: 'Placed Order', count: 0 }]} timeZone="UTC" />)
    expect(await screen.findByText('No activity yet')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Show events of'), { target: { value: 'M9' } })
    expect(await screen.findByText('No events of this metric')).toBeInTheDocument()
    expect(http.get).toHaveBeenLastCalledWith(
      '/ajax/profile/P2/events',
      expect.objectContaining({ params: expect.objectContaining({ metric_id: 'M9' }) }),
    )
  })
})

describe('dashboard trend', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { trendOf } = require('@/lib/profile-view/trend') as typeof import('@/lib/profile-view/trend')
  test('up, down, flat, and from zero', () => {
    expect(trendOf(12, 10)).toEqual({ kind: 'up', ratio: 0.2 })
    expect(trendOf(5, 10)).toEqual({ kind: 'down', ratio: -0.5 })
    expect(trendOf(3, 3)).toEqual({ kind: 'flat', ratio: 0 })
    expect(trendOf(0, 0)).toEqual({ kind: 'flat', ratio: null })
    expect(trendOf(4, 0)).toEqual({ kind: 'up', ratio: null })
  })
})
