// Form targeting and frequency rules as scenario tables with an injected clock (issue 20 §2):
// triggers + page state + form history in, show / wait / never out.
import { evaluateTargeting } from '@/lib/forms/targeting/evaluate-targeting'
import { pickVariation, stableHash } from '@/lib/forms/targeting/pick-variation'
import type { FormTrigger, PageState, TargetingDecision, FormHistory } from '@/lib/forms/targeting/types'

const T0 = Date.UTC(2026, 10, 29, 12, 0, 0)
const DAY = 86_400_000
const page = (over: Partial<PageState> = {}): PageState => ({
  url: 'https://shop.example/products/mug?ref=x',
  deviceWidth: 1280,
  loadedAt: T0,
  scrollPercent: 0,
  pageViews: 1,
  exitIntent: false,
  identified: false,
  country: null,
  ...over,
})
const tr = (type: string, properties: Record<string, unknown> = {}): FormTrigger => ({ type, properties })

type Row = [
  name: string,
  triggers: FormTrigger[],
  pageOver: Partial<PageState>,
  history: FormHistory,
  nowOffsetMs: number,
  expected: TargetingDecision,
  evaluation?: 'any' | 'all',
]

const rows: Row[] = [
  ['no triggers: show at once', [], {}, {}, 0, { kind: 'show' }],
  [
    'delay 5 s at 0 s: wait until load + 5 s',
    [tr('delay', { seconds: 5 })],
    {},
    {},
    0,
    { kind: 'wait', untilMs: T0 + 5000, events: [] },
  ],
  [
    'delay 5 s at 4.9 s: still waiting',
    [tr('delay', { seconds: 5 })],
    {},
    {},
    4900,
    { kind: 'wait', untilMs: T0 + 5000, events: [] },
  ],
  ['delay 5 s at 5 s: show', [tr('delay', { seconds: 5 })], {}, {}, 5000, { kind: 'show' }],
  ['delay without seconds defaults to 5 s', [tr('delay')], {}, {}, 0, { kind: 'wait', untilMs: T0 + 5000, events: [] }],
  ['exit intent not yet seen: wait for it', [tr('exit_intent')], {}, {}, 0, { kind: 'wait', events: ['exit_intent'] }],
  ['exit intent seen: show', [tr('exit_intent')], { exitIntent: true }, {}, 0, { kind: 'show' }],
  [
    'scroll 50 % at 20 %: wait for scroll',
    [tr('scroll_percentage', { percentage: 50 })],
    { scrollPercent: 20 },
    {},
    0,
    { kind: 'wait', events: ['scroll'] },
  ],
  [
    'scroll 50 % at 50 %: show',
    [tr('scroll_percentage', { percentage: 50 })],
    { scrollPercent: 50 },
    {},
    0,
    { kind: 'show' },
  ],
  [
    'page visits 3 on the 2nd view: never this page',
    [tr('page_visits', { pages: 3 })],
    { pageViews: 2 },
    {},
    0,
    { kind: 'never' },
  ],
  ['page visits 3 on the 3rd view: show', [tr('page_visits', { pages: 3 })], { pageViews: 3 }, {}, 0, { kind: 'show' }],
  // any / all
  [
    'any: delay or exit intent, neither yet: wait for both',
    [tr('delay', { seconds: 10 }), tr('exit_intent')],
    {},
    {},
    0,
    { kind: 'wait', untilMs: T0 + 10_000, events: ['exit_intent'] },
  ],
  [
    'any: exit intent seen before the delay: show',
    [tr('delay', { seconds: 10 }), tr('exit_intent')],
    { exitIntent: true },
    {},
    1000,
    { kind: 'show' },
  ],
  [
    'all: delay met, scroll not: wait for scroll only',
    [tr('delay', { seconds: 2 }), tr('scroll_percentage', { percentage: 40 })],
    {},
    {},
    3000,
    { kind: 'wait', events: ['scroll'] },
    'all',
  ],
  [
    'all: both met: show',
    [tr('delay', { seconds: 2 }), tr('scroll_percentage', { percentage: 40 })],
    { scrollPercent: 60 },
    {},
    3000,
    { kind: 'show' },
    'all',
  ],
  [
    'all: page visits unmet makes it never',
    [tr('delay', { seconds: 2 }), tr('page_visits', { pages: 2 })],
    {},
    {},
    3000,
    { kind: 'never' },
    'all',
  ],
  [
    'any: page visits unmet but a delay can still fire',
    [tr('delay', { seconds: 2 }), tr('page_visits', { pages: 2 })],
    {},
    {},
    0,
    { kind: 'wait', untilMs: T0 + 2000, events: [] },
  ],
  [
    'all: two delays wait for the later one',
    [tr('delay', { seconds: 2 }), tr('delay', { seconds: 8 })],
    {},
    {},
    0,
    { kind: 'wait', untilMs: T0 + 8000, events: [] },
    'all',
  ],
  // device
  [
    'device mobile on a 320 px phone: show',
    [tr('device', { device: 'mobile' })],
    { deviceWidth: 320 },
    {},
    0,
    { kind: 'show' },
  ],
  ['device mobile on desktop: never', [tr('device', { device: 'mobile' })], {}, {}, 0, { kind: 'never' }],
  [
    'device desktop on a phone: never',
    [tr('device', { device: 'desktop' })],
    { deviceWidth: 390 },
    {},
    0,
    { kind: 'never' },
  ],
  ['device both: show anywhere', [tr('device', { device: 'both' })], { deviceWidth: 390 }, {}, 0, { kind: 'show' }],
  // URLs
  ['url allow "/products": contains', [tr('url_patterns', { allow_list: ['/products'] })], {}, {}, 0, { kind: 'show' }],
  [
    'url allow "/cart" on a product page: never',
    [tr('url_patterns', { allow_list: ['/cart'] })],
    {},
    {},
    0,
    { kind: 'never' },
  ],
  [
    'url allow wildcard on the path',
    [tr('url_patterns', { allow_list: ['/products/*'] })],
    {},
    {},
    0,
    { kind: 'show' },
  ],
  [
    'url allow full-URL wildcard',
    [tr('url_patterns', { allow_list: ['https://shop.example/*'] })],
    {},
    {},
    0,
    { kind: 'show' },
  ],
  [
    'url deny wins over allow',
    [tr('url_patterns', { allow_list: ['/products'], deny_list: ['ref=x'] })],
    {},
    {},
    0,
    { kind: 'never' },
  ],
  [
    'url pattern dots are literal',
    [tr('url_patterns', { allow_list: ['shop.exampleXcom/*'] })],
    {},
    {},
    0,
    { kind: 'never' },
  ],
  // identity and audience
  ['identified only, anonymous visitor: never', [tr('identified_profiles')], {}, {}, 0, { kind: 'never' }],
  [
    'identified only, identified visitor: show',
    [tr('identified_profiles')],
    { identified: true },
    {},
    0,
    { kind: 'show' },
  ],
  [
    'unidentified only, identified visitor: never',
    [tr('unidentified_profiles')],
    { identified: true },
    {},
    0,
    { kind: 'never' },
  ],
  [
    'lists: server says yes',
    [tr('lists_and_segments', { allow_list: ['L1'] })],
    { audience: { lists_and_segments: true } },
    {},
    0,
    { kind: 'show' },
  ],
  [
    'lists: server says no',
    [tr('lists_and_segments', { allow_list: ['L1'] })],
    { audience: { lists_and_segments: false } },
    {},
    0,
    { kind: 'never' },
  ],
  [
    'lists: no answer and an allow list: never',
    [tr('lists_and_segments', { allow_list: ['L1'] })],
    {},
    {},
    0,
    { kind: 'never' },
  ],
  [
    'lists: no answer and only a deny list: show',
    [tr('lists_and_segments', { deny_list: ['L1'] })],
    {},
    {},
    0,
    { kind: 'show' },
  ],
  // location
  ['location allow US from US', [tr('location', { allow_list: ['US'] })], { country: 'US' }, {}, 0, { kind: 'show' }],
  [
    'location allow US from DE: never',
    [tr('location', { allow_list: ['US'] })],
    { country: 'DE' },
    {},
    0,
    { kind: 'never' },
  ],
  [
    'location allow Europe from DE',
    [tr('location', { allow_list: ['con_EU'] })],
    { country: 'de' },
    {},
    0,
    { kind: 'show' },
  ],
  [
    'location deny EU+ from FR: never',
    [tr('location', { deny_list: ['con_EUP'] })],
    { country: 'FR' },
    {},
    0,
    { kind: 'never' },
  ],
  [
    'location allow list, country unknown: never',
    [tr('location', { allow_list: ['US'] })],
    {},
    {},
    0,
    { kind: 'never' },
  ],
  ['location deny list, country unknown: show', [tr('location', { deny_list: ['US'] })], {}, {}, 0, { kind: 'show' }],
  // frequency
  [
    'closed 2 days ago, timeout 5 days: never',
    [tr('after_close_or_submit_timeout', { timeout_days: 5 })],
    {},
    { closedAt: T0 - 2 * DAY },
    0,
    { kind: 'never' },
  ],
  [
    'closed 6 days ago, timeout 5 days: show',
    [tr('after_close_or_submit_timeout', { timeout_days: 5 })],
    {},
    { closedAt: T0 - 6 * DAY },
    0,
    { kind: 'show' },
  ],
  [
    'closed exactly 5 days ago: show again',
    [tr('after_close_or_submit_timeout', { timeout_days: 5 })],
    {},
    { closedAt: T0 - 5 * DAY },
    0,
    { kind: 'show' },
  ],
  [
    'submitted yesterday, timeout 0 days: show',
    [tr('after_close_or_submit_timeout', { timeout_days: 0 })],
    {},
    { submittedAt: T0 - DAY },
    0,
    { kind: 'show' },
  ],
  [
    'previously submitted: never, even a year later',
    [tr('previously_submitted')],
    {},
    { submittedAt: T0 - 365 * DAY },
    0,
    { kind: 'never' },
  ],
  [
    'previously submitted, only closed: show',
    [tr('previously_submitted')],
    {},
    { closedAt: T0 - DAY },
    0,
    { kind: 'show' },
  ],
  [
    'a filter failing beats a met delay',
    [tr('delay', { seconds: 0 }), tr('previously_submitted')],
    {},
    { submittedAt: T0 - DAY },
    1000,
    { kind: 'never' },
  ],
  [
    'unknown trigger kinds are ignored',
    [tr('cart_value', { value: 100 }), tr('custom_javascript')],
    {},
    {},
    0,
    { kind: 'show' },
  ],
]

// A rest parameter: rows without the optional 7th entry must not make Jest pass a done callback.
test.each(rows)('%s', (...row: Row) => {
  const [, triggers, pageOver, history, offset, expected, evaluation] = row
  expect(evaluateTargeting({ triggers, evaluation, page: page(pageOver), history, now: T0 + offset })).toEqual(expected)
})

test('the clock is the only time source: the same input decides the same at any wall time', () => {
  const input = { triggers: [tr('delay', { seconds: 5 })], page: page(), history: {}, now: T0 + 1000 }
  expect(evaluateTargeting(input)).toEqual(evaluateTargeting({ ...input }))
})

describe('experiment variations', () => {
  const variations = [
    { id: 'A', weight: 50 },
    { id: 'B', weight: 50 },
  ]

  test('stable: one visitor always gets the same variation', () => {
    const first = pickVariation('visitor-1', 7, variations)
    for (let i = 0; i < 20; i++) expect(pickVariation('visitor-1', 7, variations)).toBe(first)
  })

  test('weighted: 50/50 splits about evenly, 90/10 about 9 to 1, 0 never', () => {
    const count = (vs: typeof variations) => {
      const c: Record<string, number> = {}
      for (let i = 0; i < 4000; i++) {
        const v = pickVariation(`v${i}`, 'exp-1', vs)!
        c[v.id] = (c[v.id] ?? 0) + 1
      }
      return c
    }
    const even = count(variations)
    expect(even.A! / 4000).toBeGreaterThan(0.45)
    expect(even.A! / 4000).toBeLessThan(0.55)
    const skewed = count([
      { id: 'A', weight: 90 },
      { id: 'B', weight: 10 },
    ])
    expect(skewed.B! / 4000).toBeGreaterThan(0.07)
    expect(skewed.B! / 4000).toBeLessThan(0.13)
    expect(
      count([
        { id: 'A', weight: 100 },
        { id: 'B', weight: 0 },
      ]).B,
    ).toBeUndefined()
  })

  test('another experiment reshuffles: the hash includes the experiment id', () => {
    expect(stableHash('v1:1')).not.toBe(stableHash('v1:2'))
    const differ = Array.from(
      { length: 200 },
      (_, i) => pickVariation(`v${i}`, 1, variations)!.id !== pickVariation(`v${i}`, 2, variations)!.id,
    )
    expect(differ.filter(Boolean).length).toBeGreaterThan(50)
  })
})
