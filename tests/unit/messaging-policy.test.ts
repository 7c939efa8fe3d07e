/** @jest-environment node */
// The sending policy as a scenario table: profile, consent, suppressions, recent sends and
// settings in; send / skip (reason) / defer (until) out. The clock is injected.
import {
  decideSend,
  DEFAULT_POLICY_SETTINGS,
  quietHoursEnd,
  type PolicyInput,
  type PolicyDecision,
} from '@/lib/messaging/policy'

const NOW = new Date('2026-03-10T15:00:00Z') // 15:00 UTC, 16:00 Berlin, 11:00 New York, 00:00 Tokyo
const H = 3_600_000
const ago = (hours: number) => new Date(NOW.getTime() - hours * H)

const base: PolicyInput = {
  channel: 'email',
  transactional: false,
  profile: { email: 'a@x.test', phoneNumber: '+15555550100', timezone: 'Europe/Berlin' },
  consents: {},
  suppressions: [],
  recentMarketingSends: [],
  settings: DEFAULT_POLICY_SETTINGS,
  companyTimeZone: 'UTC',
  senderHasPostalAddress: true,
  now: NOW,
}
const send: PolicyDecision = { action: 'send' }
const skip = (reason: string) => ({ action: 'skip', reason })

type Row = [string, Partial<PolicyInput>, PolicyDecision | ReturnType<typeof skip>]
const table: Row[] = [
  // Email marketing: implicit consent (the vendor's rule).
  ['email marketing, never subscribed → send', {}, send],
  ['email marketing, no address → skip', { profile: { ...base.profile, email: null } }, skip('no_email')],
  ['email marketing, unsubscribed → skip', { consents: { email_marketing: 'unsubscribed' } }, skip('unsubscribed')],
  [
    'email marketing, unsubscribe suppression → skip',
    { suppressions: [{ channel: 'email', reason: 'unsubscribed' }] },
    skip('suppressed_unsubscribed'),
  ],
  [
    'email marketing, manual suppression → skip',
    { suppressions: [{ channel: 'email', reason: 'manual' }] },
    skip('suppressed_manual'),
  ],
  [
    'email marketing, hard bounce → skip',
    { suppressions: [{ channel: 'email', reason: 'bounced' }] },
    skip('suppressed_bounced'),
  ],
  [
    'email marketing, an SMS suppression does not block email',
    { suppressions: [{ channel: 'sms', reason: 'unsubscribed' }] },
    send,
  ],
  // CAN-SPAM: marketing email carries the sender's postal address (issue 30 §8).
  [
    'email marketing, the sender has no postal address → skip',
    { senderHasPostalAddress: false },
    skip('no_postal_address'),
  ],
  [
    'transactional email, the sender has no postal address → send',
    { transactional: true, senderHasPostalAddress: false },
    send,
  ],
  [
    'sms marketing does not need the postal address',
    {
      channel: 'sms',
      consents: { sms_marketing: 'subscribed' },
      senderHasPostalAddress: false,
      now: new Date('2026-03-10T12:00:00Z'),
    },
    send,
  ],
  // Transactional: bypasses marketing consent, never hard bounces or spam complaints.
  [
    'transactional email, unsubscribed → send',
    {
      transactional: true,
      consents: { email_marketing: 'unsubscribed' },
      suppressions: [{ channel: 'email', reason: 'unsubscribed' }],
    },
    send,
  ],
  [
    'transactional email, hard bounce → skip',
    { transactional: true, suppressions: [{ channel: 'email', reason: 'bounced' }] },
    skip('suppressed_bounced'),
  ],
  [
    'transactional email, spam complaint → skip',
    { transactional: true, suppressions: [{ channel: 'email', reason: 'spam_complaint' }] },
    skip('suppressed_spam_complaint'),
  ],
  ['transactional email ignores smart sending', { transactional: true, recentMarketingSends: [ago(1)] }, send],
  // SMS / WhatsApp marketing: explicit consent only.
  ['sms marketing, never subscribed → skip', { channel: 'sms' }, skip('no_consent')],
  [
    'sms marketing, pending double opt-in → skip',
    { channel: 'sms', consents: { sms_marketing: 'pending' } },
    skip('no_consent'),
  ],
  [
    'sms marketing, unsubscribed → skip',
    { channel: 'sms', consents: { sms_marketing: 'unsubscribed' } },
    skip('unsubscribed'),
  ],
  [
    'sms marketing, subscribed, daytime in Berlin → send',
    { channel: 'sms', consents: { sms_marketing: 'subscribed' } },
    send,
  ],
  [
    'sms marketing, no phone → skip',
    { channel: 'sms', profile: { ...base.profile, phoneNumber: null }, consents: { sms_marketing: 'subscribed' } },
    skip('no_phone'),
  ],
  ['whatsapp marketing, never subscribed → skip', { channel: 'whatsapp' }, skip('no_consent')],
  ['whatsapp marketing, subscribed → send', { channel: 'whatsapp', consents: { whatsapp: 'subscribed' } }, send],
  ['transactional sms without marketing consent → send', { channel: 'sms', transactional: true }, send],
  // Smart sending: 16 h by default, per company.
  ['smart sending: a marketing email 15 h ago → skip', { recentMarketingSends: [ago(15)] }, skip('smart_sending')],
  ['smart sending: 17 h ago → send', { recentMarketingSends: [ago(17)] }, send],
  [
    'smart sending window of 24 h: 17 h ago → skip',
    { recentMarketingSends: [ago(17)], settings: { ...DEFAULT_POLICY_SETTINGS, smartSendingHours: 24 } },
    skip('smart_sending'),
  ],
  [
    'smart sending off (0 h): 1 h ago → send',
    { recentMarketingSends: [ago(1)], settings: { ...DEFAULT_POLICY_SETTINGS, smartSendingHours: 0 } },
    send,
  ],
  [
    'the message turns smart sending off: 1 h ago → send',
    { recentMarketingSends: [ago(1)], smartSending: false },
    send,
  ],
  [
    'the message turns smart sending off, the caps still hold',
    {
      recentMarketingSends: [ago(1)],
      smartSending: false,
      settings: { ...DEFAULT_POLICY_SETTINGS, frequencyCaps: { email: { day: 1 } } },
    },
    skip('frequency_cap_day'),
  ],
  // Frequency caps per channel: per rolling day and week.
  [
    'cap 2/day: two in the last day → skip',
    {
      recentMarketingSends: [ago(2), ago(20)],
      settings: { ...DEFAULT_POLICY_SETTINGS, smartSendingHours: 0, frequencyCaps: { email: { day: 2 } } },
    },
    skip('frequency_cap_day'),
  ],
  [
    'cap 2/day: one in the last day → send',
    {
      recentMarketingSends: [ago(2), ago(30)],
      settings: { ...DEFAULT_POLICY_SETTINGS, smartSendingHours: 0, frequencyCaps: { email: { day: 2 } } },
    },
    send,
  ],
  [
    'cap 3/week: three this week → skip',
    {
      recentMarketingSends: [ago(30), ago(60), ago(100)],
      settings: { ...DEFAULT_POLICY_SETTINGS, frequencyCaps: { email: { week: 3 } } },
    },
    skip('frequency_cap_week'),
  ],
  [
    'cap on sms does not limit email',
    {
      recentMarketingSends: [ago(30)],
      settings: { ...DEFAULT_POLICY_SETTINGS, frequencyCaps: { sms: { day: 0, week: 0 } } },
    },
    send,
  ],
]

test.each(table)('%s', (_name, over, expected) => {
  expect(decideSend({ ...base, ...over })).toEqual(expected)
})

describe('quiet hours (SMS and push, profile time zone, deferred not dropped)', () => {
  const sms = { ...base, channel: 'sms' as const, consents: { sms_marketing: 'subscribed' } }

  test('midnight in Tokyo: deferred until 08:00 Tokyo (23:00 UTC)', () => {
    expect(decideSend({ ...sms, profile: { ...base.profile, timezone: 'Asia/Tokyo' } })).toEqual({
      action: 'defer',
      reason: 'quiet_hours',
      until: new Date('2026-03-10T23:00:00Z'),
    })
  })

  test('without a profile zone the company zone applies; an invalid zone falls back to it', () => {
    const company = { ...sms, companyTimeZone: 'Asia/Tokyo' }
    expect(decideSend({ ...company, profile: { ...base.profile, timezone: null } })).toMatchObject({ action: 'defer' })
    expect(decideSend({ ...company, profile: { ...base.profile, timezone: 'Not/AZone' } })).toMatchObject({
      action: 'defer',
    })
    expect(decideSend({ ...company, profile: { ...base.profile, timezone: 'America/New_York' } })).toEqual(send)
  })

  test('push is quiet too, email never; quiet hours can be turned off; transactional sms is not held', () => {
    const tokyo = { ...base.profile, timezone: 'Asia/Tokyo' }
    expect(decideSend({ ...base, channel: 'push', profile: tokyo })).toMatchObject({
      action: 'defer',
      reason: 'quiet_hours',
    })
    expect(decideSend({ ...base, profile: tokyo })).toEqual(send)
    expect(
      decideSend({ ...sms, profile: tokyo, settings: { ...DEFAULT_POLICY_SETTINGS, quietHoursEnabled: false } }),
    ).toEqual(send)
    expect(decideSend({ ...sms, profile: tokyo, transactional: true })).toEqual(send)
  })

  test('a skip wins over a deferral (an unsubscribed profile is not kept waiting)', () => {
    expect(
      decideSend({
        ...sms,
        consents: { sms_marketing: 'unsubscribed' },
        profile: { ...base.profile, timezone: 'Asia/Tokyo' },
      }),
    ).toEqual(skip('unsubscribed'))
  })

  test.each([
    [
      '21:30 local (London, GMT in March), window 21:00–08:00',
      '2026-03-10T21:30:40Z',
      'Europe/London',
      1260,
      480,
      '2026-03-11T08:00:00Z',
    ],
    ['07:59 local', '2026-03-10T07:59:00Z', 'UTC', 1260, 480, '2026-03-10T08:00:00Z'],
    ['08:00 local: not quiet', '2026-03-10T08:00:00Z', 'UTC', 1260, 480, null],
    ['20:59 local: not quiet', '2026-03-10T20:59:00Z', 'UTC', 1260, 480, null],
    ['a window within one day, 12:00–14:00, at 13:00', '2026-03-10T13:00:00Z', 'UTC', 720, 840, '2026-03-10T14:00:00Z'],
    ['start = end: no quiet hours', '2026-03-10T03:00:00Z', 'UTC', 480, 480, null],
  ])('%s', (_n, at, zone, start, end, until) => {
    const r = quietHoursEnd(new Date(at), zone, start, end)
    expect(r ? r.toISOString() : null).toBe(until ? new Date(until).toISOString() : null)
  })
})
