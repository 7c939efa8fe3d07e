/** @jest-environment node */
// Inbox automations as tables (issue 25 §1): business hours and away periods in the company's
// zone, phrase matching on normalised text, intent priority, FAQ scoring, reply variables.
import {
  awayPeriodAt,
  businessHoursSchema,
  DEFAULT_BUSINESS_HOURS,
  parseBusinessHours,
} from '@/lib/inbox/automations/business-hours'
import { containsPhrase, normaliseText } from '@/lib/inbox/automations/normalise-text'
import { matchFaq, matchIntent, type FaqRule, type IntentRule } from '@/lib/inbox/automations/match-rules'
import { profileVariables, renderReply } from '@/lib/inbox/automations/render-reply'

describe('away periods (Mon–Fri 09:00–17:00)', () => {
  // 2026-11-30 is a Monday.
  test.each([
    ['Monday 10:00 New York is open', 'America/New_York', '2026-11-30T15:00:00Z', null],
    ['Monday 08:59 New York is before opening', 'America/New_York', '2026-11-30T13:59:00Z', '2026-11-30 09:00'],
    [
      'Monday 17:00 New York has closed: next opening Tuesday',
      'America/New_York',
      '2026-11-30T22:00:00Z',
      '2026-12-01 09:00',
    ],
    ['Friday 18:00 UTC: the weekend is one period until Monday', 'UTC', '2026-12-04T18:00:00Z', '2026-12-07 09:00'],
    ['Saturday noon UTC: the same weekend period', 'UTC', '2026-12-05T12:00:00Z', '2026-12-07 09:00'],
    ['Sunday 23:30 UTC: the same weekend period', 'UTC', '2026-12-06T23:30:00Z', '2026-12-07 09:00'],
    [
      '15:00 UTC Monday is 02:00 Tuesday in Sydney (closed)',
      'Australia/Sydney',
      '2026-11-30T15:00:00Z',
      '2026-12-01 09:00',
    ],
    ['the same instant is open in London', 'Europe/London', '2026-11-30T15:00:00Z', null],
  ])('%s', (_, zone, at, expected) => {
    expect(awayPeriodAt(DEFAULT_BUSINESS_HOURS, zone, new Date(at))).toBe(expected)
  })

  test('every day closed: the whole time is one period', () => {
    const closed = Object.fromEntries(
      Object.entries(DEFAULT_BUSINESS_HOURS).map(([d, h]) => [d, { ...h, open: false }]),
    ) as typeof DEFAULT_BUSINESS_HOURS
    expect(awayPeriodAt(closed, 'UTC', new Date('2026-11-30T12:00:00Z'))).toBe('closed')
  })

  test('stored hours: broken days fall back to the default, the schema refuses a closing before opening', () => {
    const h = parseBusinessHours(JSON.stringify({ sat: { open: true, start: '10:00', end: '14:00' }, mon: 'x' }))
    expect(h.sat).toEqual({ open: true, start: '10:00', end: '14:00' })
    expect(h.mon).toEqual(DEFAULT_BUSINESS_HOURS.mon)
    expect(parseBusinessHours('not json')).toEqual(DEFAULT_BUSINESS_HOURS)
    const bad = businessHoursSchema.safeParse({
      ...DEFAULT_BUSINESS_HOURS,
      mon: { open: true, start: '17:00', end: '09:00' },
    })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]!.path).toEqual(['mon', 'end'])
  })
})

describe('phrases', () => {
  test.each([
    ['Where is my ORDER?', 'order', true],
    ['I want to reorder', 'order', false],
    ['Où est ma commande ?', 'ou est', true],
    ['Do you have a discount-code?', 'discount code', true],
    ['where   is my   parcel', 'where is', true],
    ['anything', '  ', false],
  ])('%j contains %j: %s', (text, phrase, expected) => {
    expect(containsPhrase(normaliseText(text), phrase)).toBe(expected)
  })
})

const intent = (id: number, phrases: string[], priority = 100, extra: Partial<IntentRule> = {}): IntentRule => ({
  id,
  key: 'custom',
  phrases,
  action: 'reply',
  replyText: `reply ${id}`,
  tag: null,
  flowId: null,
  enabled: true,
  priority,
  ...extra,
})

describe('intents', () => {
  const rules = [
    intent(1, ['order', 'tracking'], 50),
    intent(2, ['discount', 'coupon', 'promo code'], 10),
    intent(3, ['stop texting'], 1, { enabled: false }),
    intent(4, ['where is my order'], 50),
  ]
  test.each([
    ['Where is my order?', 1], // 1 and 4 tie on priority: the lower id wins
    ['any discount on my order?', 2], // both match: priority 10 beats 50
    ['please stop texting me', null], // disabled
    ['Promo-code please', 2],
    ['hello', null],
    ['', null],
  ])('%j → intent %s', (text, expected) => {
    expect(matchIntent(text, rules)?.id ?? null).toBe(expected)
  })
})

describe('FAQ entries', () => {
  const faq = (id: number, question: string, phrases: string[], enabled = true): FaqRule => ({
    id,
    question,
    answer: `answer ${id}`,
    phrases,
    enabled,
  })
  const faqs = [
    faq(1, 'Do you ship internationally?', ['ship', 'shipping']),
    faq(2, 'How long does shipping take?', ['shipping time', 'how long']),
    faq(3, 'Returns', ['return', 'refund'], false),
  ]
  test.each([
    ['how long does shipping take to Canada', 2], // 3 words of 2 beat 1 word of 1
    ['Do you ship internationally?', 1], // the question itself matches
    ['I want a refund', null], // disabled
    ['shipping?', 1],
    ['hi', null],
  ])('%j → FAQ %s', (text, expected) => {
    expect(matchFaq(text, faqs)?.id ?? null).toBe(expected)
  })
})

describe('reply variables', () => {
  const vars = profileVariables(
    {
      id: 'p1',
      email: 'ann@example.test',
      phoneNumber: '+15550001111',
      firstName: 'Ann',
      lastName: null,
      organization: null,
      city: 'Oslo',
      country: null,
      properties: JSON.stringify({ tier: 'gold' }),
    },
    'Acme',
  )
  test.each([
    ['Hi {{ first_name }}!', 'Hi Ann!'],
    ['Hi {{first_name}} from {{ person.city }}', 'Hi Ann from Oslo'],
    ['{{ last_name|default:"friend" }}', 'friend'],
    ["{{ nothing | default: 'there' }}", 'there'],
    ['Tier {{ tier }} at {{ organization.name }}', 'Tier gold at Acme'],
    ['{{ person }}', ''],
  ])('%j → %j', (template, expected) => {
    expect(renderReply(template, vars)).toBe(expected)
  })
  test('no profile: variables are empty', () => {
    expect(renderReply('Hi {{ first_name|default:"there" }}', profileVariables(null, 'Acme'))).toBe('Hi there')
  })
})
