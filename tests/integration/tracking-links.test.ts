/** @jest-environment node */
// Link rewriting, UTM tagging and the machine-activity rules as tables: what decorateEmailHtml
// does to each kind of link, the tokens it signs (and refuses when forged), the UTM values per
// source, and classifyHit for opens and clicks.
import { decorateEmailHtml, type EmailTrackingConfig } from '@/lib/messaging/tracking/decorate-email'
import { clickToken, openToken, verifyClickToken, verifyOpenToken } from '@/lib/messaging/tracking/tracking-token'
import { appendParams, utmParamsFor } from '@/lib/messaging/tracking/utm-params'
import { defaultUtmSettings, settingsFromRow, type UtmSettings } from '@/lib/messaging/tracking/utm-settings'
import {
  classifyHit,
  FAST_CLICK_SECONDS,
  isHumanEngagement,
  machineProps,
  type Hit,
} from '@/lib/messaging/tracking/machine-activity'
import type { ClaimedSend } from '@/lib/messaging/claim-sends'

beforeAll(() => {
  process.env.APP_URL = 'https://app.example.test'
  process.env.SESSION_SECRET ??= 'tracking-links-test-secret-0123456789abcdef'
})

const NOW = new Date('2026-05-04T10:00:00Z')

function send(over: Partial<ClaimedSend> = {}): ClaimedSend {
  return {
    id: '01JTRACKSEND00000000000001',
    companyId: 7,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: 'CM1',
    transactional: false,
    attempts: 0,
    content: { subject: 'Spring {{ first_name }} sale', html: '' },
    context: { $source: { campaignId: 'C42', campaignName: 'Spring Sale' } },
    profile: {
      id: 'P1',
      email: 'a@x.test',
      phoneNumber: null,
      externalId: 'EXT-9',
      firstName: 'Ada',
      lastName: null,
      organization: null,
      title: null,
      city: null,
      region: null,
      country: null,
      zip: null,
      timezone: null,
      locale: null,
      properties: '{}',
    },
    company: {
      id: 7,
      name: 'Shop',
      timezone: 'UTC',
      currency: 'USD',
      websiteUrl: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      addressRegion: null,
      postalCode: null,
      country: null,
    },
    ...over,
  }
}

const cfg = (over: Partial<EmailTrackingConfig> = {}, utm: Partial<UtmSettings> = {}): EmailTrackingConfig => ({
  opens: true,
  clicks: true,
  utm: { ...defaultUtmSettings(), ...utm },
  ...over,
})

const hrefs = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))
const clickTarget = (href: string) => verifyClickToken(href.replace('https://app.example.test/t/c/', ''))?.url

describe('link rewriting', () => {
  const table: Array<[string, string, 'tracked' | 'untouched', string?]> = [
    [
      'plain https',
      '<a href="https://shop.test/p/1">Shoes</a>',
      'tracked',
      'https://shop.test/p/1?utm_source=merchant-automation&utm_medium=campaign&utm_campaign=Spring%20Sale%20(C42)',
    ],
    [
      'http, single quotes',
      "<a class='b' href='http://shop.test/'>x</a>",
      'tracked',
      'http://shop.test/?utm_source=merchant-automation&utm_medium=campaign&utm_campaign=Spring%20Sale%20(C42)',
    ],
    [
      'existing query kept as written, its utm_source wins',
      '<a href="https://shop.test/s?q=a+b&amp;utm_source=news#top">s</a>',
      'tracked',
      'https://shop.test/s?q=a+b&utm_source=news&utm_medium=campaign&utm_campaign=Spring%20Sale%20(C42)#top',
    ],
    ['relative link', '<a href="/p/1">rel</a>', 'untouched', undefined],
    ['mailto', '<a href="mailto:help@shop.test">mail</a>', 'untouched', undefined],
    ['tel', '<a href="tel:+15550100">call</a>', 'untouched', undefined],
    ['anchor', '<a href="#section">jump</a>', 'untouched', undefined],
    ['javascript', '<a href="javascript:alert(1)">x</a>', 'untouched', undefined],
    [
      'unsubscribe (our own app)',
      '<a href="https://app.example.test/unsubscribe?t=abc.def">unsubscribe</a>',
      'untouched',
      undefined,
    ],
    [
      'preferences (our own app)',
      '<a href="https://app.example.test/email/pages/preferences?t=x">prefs</a>',
      'untouched',
      undefined,
    ],
    ['opted out with data-no-track', '<a data-no-track href="https://shop.test/">x</a>', 'untouched', undefined],
    ['no href', '<a name="top">top</a>', 'untouched', undefined],
  ]
  test.each(table)('%s', (_name, html, expected, destination) => {
    const out = decorateEmailHtml(send(), html, NOW, cfg({ opens: false }))
    if (expected === 'untouched') {
      expect(out).toBe(html)
      return
    }
    const [href] = hrefs(out)
    expect(href).toMatch(/^https:\/\/app\.example\.test\/t\/c\//)
    expect(clickTarget(href!)).toBe(destination)
  })

  test('links are numbered in order; the pixel goes before </body>; text outside links is untouched', () => {
    const html =
      '<html><body><p>Hi &amp; welcome</p><a href="https://a.test/">A</a><a href="mailto:x@y.test">m</a><a href="https://b.test/">B</a></body></html>'
    const out = decorateEmailHtml(send(), html, NOW, cfg())
    const links = hrefs(out)
      .filter((h) => h.includes('/t/c/'))
      .map((h) => verifyClickToken(h.split('/t/c/')[1]!)!)
    expect(links.map((l) => l.index)).toEqual([0, 1])
    expect(links.map((l) => new URL(l.url).host)).toEqual(['a.test', 'b.test'])
    expect(links.every((l) => l.companyId === 7 && l.sendId === '01JTRACKSEND00000000000001')).toBe(true)
    expect(out).toContain('<p>Hi &amp; welcome</p>')
    expect(out).toMatch(/<img src="https:\/\/app\.example\.test\/t\/o\/[^"]+" width="1" height="1"[^>]*\/><\/body>/)
    const pixel = /\/t\/o\/([^"]+)"/.exec(out)![1]!
    expect(verifyOpenToken(pixel)).toEqual({ companyId: 7, sendId: '01JTRACKSEND00000000000001' })
  })

  test('switches: clicks off keeps UTM tagging without redirects; opens off adds no pixel; per message overrides the company', () => {
    const html = '<a href="https://shop.test/">x</a>'
    const noClicks = decorateEmailHtml(send(), html, NOW, cfg({ clicks: false, opens: false }))
    expect(hrefs(noClicks)[0]).toBe(
      'https://shop.test/?utm_source=merchant-automation&utm_medium=campaign&utm_campaign=Spring%20Sale%20(C42)',
    )
    expect(noClicks).not.toContain('/t/o/')
    const own = send({
      context: { $tracking: { is_tracking_clicks: false, is_tracking_opens: true, add_tracking_params: false } },
    })
    const out = decorateEmailHtml(own, html, NOW, cfg())
    expect(hrefs(out)[0]).toBe('https://shop.test/')
    expect(out).toContain('/t/o/')
    expect(decorateEmailHtml(send({ sourceType: 'preview' }), html, NOW, cfg())).toBe(html)
  })
})

describe('UTM parameters', () => {
  test("flow side, dynamic values, custom parameters, the message's own parameters", () => {
    const utm = settingsFromRow({
      autoAddParameters: true,
      utmParams: JSON.stringify({
        utm_source: { campaign: { type: 'static', value: 'shop' }, flow: { type: 'static', value: 'shop' } },
        utm_medium: { campaign: null, flow: { type: 'dynamic', value: 'message_type' } },
        utm_campaign: { campaign: null, flow: { type: 'dynamic', value: 'message_name_id' } },
        utm_term: { campaign: null, flow: { type: 'dynamic', value: 'link_alt_text' } },
      }),
      customParams: JSON.stringify([
        { name: 'pid', flow: { type: 'dynamic', value: 'profile_id' }, campaign: null },
        { name: 'ext', flow: { type: 'dynamic', value: 'profile_external_id' } },
      ]),
    })
    const flow = send({
      sourceType: 'flow_action_run',
      sourceId: 'RUN1',
      context: {
        $source: { flowName: 'Welcome', messageName: 'Email 1', messageId: 'M1' },
        $tracking: { custom_tracking_params: [{ param: 'ext', value: 'x' }] },
      },
    })
    expect(utmParamsFor(flow, utm, { altText: 'Shop now' }, NOW)).toEqual([
      ['utm_source', 'shop'],
      ['utm_medium', 'email'],
      ['utm_campaign', 'Email 1 (M1)'],
      ['utm_term', 'Shop now'],
      ['pid', 'P1'],
      ['ext', 'x'],
    ])
    expect(utmParamsFor(send({ sourceType: 'alert', context: {} }), utm, {}, NOW)).toEqual([])
    expect(utmParamsFor(send(), { ...utm, autoAddParameters: false }, {}, NOW)).toEqual([])
  })

  test('campaign dynamic values: subject without template tags, send day, ids', () => {
    const utm = defaultUtmSettings()
    utm.params.utm_campaign = { campaign: { type: 'dynamic', value: 'campaign_name_send_day' }, flow: null }
    utm.params.utm_id = { campaign: { type: 'dynamic', value: 'campaign_id' }, flow: null }
    utm.params.utm_term = { campaign: { type: 'dynamic', value: 'email_subject' }, flow: null }
    expect(Object.fromEntries(utmParamsFor(send(), utm, {}, NOW))).toMatchObject({
      utm_campaign: 'Spring Sale (2026-05-04)',
      utm_id: 'C42',
      utm_term: 'Spring sale',
    })
  })

  test.each([
    ['https://s.test', [['a', '1']], 'https://s.test?a=1'],
    ['https://s.test/?', [['a', '1']], 'https://s.test/?a=1'],
    ['https://s.test/?x=1&', [['a', '1']], 'https://s.test/?x=1&a=1'],
    [
      'https://s.test/p?a=0#h',
      [
        ['a', '1'],
        ['b', 'x y'],
      ],
      'https://s.test/p?a=0&b=x%20y#h',
    ],
    ['https://s.test/p?A=0', [['a', '1']], 'https://s.test/p?A=0&a=1'],
  ] as Array<[string, Array<[string, string]>, string]>)('appendParams(%s)', (url, params, want) => {
    expect(appendParams(url, params)).toBe(want)
  })
})

describe('tokens', () => {
  test('a changed company, send, index or destination does not verify; nor does a token of the other kind', () => {
    const t = clickToken({ companyId: 7, sendId: 'S1', index: 0, url: 'https://shop.test/' })
    expect(verifyClickToken(t)).toEqual({ companyId: 7, sendId: 'S1', index: 0, url: 'https://shop.test/' })
    const [c, s, i, u, mac] = t.split('.')
    const evil = Buffer.from('https://evil.test/').toString('base64url')
    for (const forged of [
      [8, s, i, u, mac],
      [c, 'S2', i, u, mac],
      [c, s, 1, u, mac],
      [c, s, i, evil, mac],
      [c, s, i, u, 'A'.repeat(22)],
    ]) {
      expect(verifyClickToken(forged.join('.'))).toBeNull()
    }
    expect(verifyOpenToken(t)).toBeNull()
    const o = openToken({ companyId: 7, sendId: 'S1' })
    expect(verifyOpenToken(o)).toEqual({ companyId: 7, sendId: 'S1' })
    expect(verifyOpenToken(o.replace(/^7\./, '8.'))).toBeNull()
    expect(verifyClickToken(o)).toBeNull()
    for (const junk of ['', '.', '....', 'a.b.c.d.e', '7.S1.0.%%%.x']) expect(verifyClickToken(junk)).toBeNull()
  })
})

describe('machine activity', () => {
  const sentAt = new Date(NOW.getTime() - 60_000)
  const CHROME =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
  const hit = (over: Partial<Hit>): Hit => ({
    kind: 'click',
    method: 'GET',
    userAgent: CHROME,
    ip: '203.0.113.9',
    sentAt,
    at: NOW,
    ...over,
  })
  const table: Array<[string, Partial<Hit>, string | null]> = [
    ['a person clicking', {}, null],
    ['a person opening', { kind: 'open' }, null],
    ['HEAD on a link', { method: 'HEAD' }, 'head_request'],
    ['no user agent', { userAgent: null }, 'no_user_agent'],
    ['Barracuda', { userAgent: 'Barracuda Sentinel (EE)' }, 'security_scanner'],
    ['Proofpoint URL defense', { userAgent: 'Mozilla/5.0 proofpoint' }, 'security_scanner'],
    ['Mimecast', { userAgent: 'Mimecast-LinkScanner/1.0' }, 'security_scanner'],
    ['a bot', { userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)' }, 'bot_agent'],
    ['curl', { userAgent: 'curl/8.5.0' }, 'bot_agent'],
    ['python-requests', { userAgent: 'python-requests/2.31' }, 'bot_agent'],
    ['headless Chrome', { userAgent: 'Mozilla/5.0 HeadlessChrome/120.0' }, 'bot_agent'],
    [
      'Gmail image proxy open',
      {
        kind: 'open',
        userAgent: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      },
      'image_proxy',
    ],
    ['Apple MPP open by agent', { kind: 'open', userAgent: 'Mozilla/5.0' }, 'apple_mpp'],
    ['Apple MPP open by address', { kind: 'open', ip: '17.58.100.2' }, 'apple_mpp'],
    ['Apple address, IPv6', { kind: 'open', ip: '2620:149:a:1::2' }, 'apple_mpp'],
    ['an Apple address on a click is not MPP', { ip: '17.58.100.2' }, null],
    [`a click within ${FAST_CLICK_SECONDS} s of sending`, { sentAt: new Date(NOW.getTime() - 3_000) }, 'too_fast'],
    ['an open right after sending is a person', { kind: 'open', sentAt: new Date(NOW.getTime() - 3_000) }, null],
  ]
  test.each(table)('%s', (_n, over, want) => {
    expect(classifyHit(hit(over))).toBe(want)
    expect(isHumanEngagement({ URL: 'x', ...machineProps(classifyHit(hit(over))) })).toBe(want === null)
  })
})
