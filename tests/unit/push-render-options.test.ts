/** @jest-environment node */
// Issue 25 §3 / seed 002 §3.3: each push option (image, open action home | deep link, badge
// none | increment | set count | set property, standard | silent) as it reaches the FCM HTTP v1
// message and the direct APNs request; the stored JSON read leniently (older flow fields); bad
// option input refused with field errors.
import type { ClaimedSend } from '@/lib/messaging/claim-sends'
import { pushOptionFields, pushOptionsFrom, type PushOptions } from '@/lib/messaging/push/push-content'
import { apnsRequestOf, fcmMessageOf, pushData, renderPush } from '@/lib/messaging/push/render-push'
import { pushContentSchema } from '@/lib/campaigns/validate'
import { z } from 'zod'

const now = new Date('2026-11-29T10:00:00Z')
function claimed(push: PushOptions | undefined, props: Record<string, unknown> = {}): ClaimedSend {
  return {
    id: 'send1',
    companyId: 1,
    channel: 'push',
    sourceType: 'campaign_message',
    sourceId: 'm1',
    transactional: false,
    attempts: 0,
    content: { subject: 'Hi {{ first_name }}', text: 'Your cart: {{ event.items }} items', push },
    context: { event: { items: 3, sku: 'SKU-9' } },
    profile: {
      id: 'p1',
      email: 'ada@example.com',
      phoneNumber: null,
      externalId: null,
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
      properties: JSON.stringify(props),
    },
    company: {
      id: 1,
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
  }
}
const opts = (o: Partial<PushOptions>): PushOptions => ({
  openAction: { type: 'home' },
  badge: { type: 'none' },
  type: 'standard',
  ...o,
})

test('a standard push with no options: notification, alert, no url, badge untouched', () => {
  const m = renderPush(claimed(undefined), now)
  expect(m).toMatchObject({ title: 'Hi Ada', body: 'Your cart: 3 items', openUrl: null, silent: false })
  const f = fcmMessageOf(m, 'tok', pushData(m, { send_id: 'send1' }))
  expect(f.notification).toEqual({ title: 'Hi Ada', body: 'Your cart: 3 items' })
  expect(f.data).toEqual({ send_id: 'send1', notification_type: 'standard' })
  const a = apnsRequestOf(m, {})
  expect(a).toMatchObject({ pushType: 'alert', priority: 10 })
  expect(a.payload.aps).toEqual({ alert: { title: 'Hi Ada', body: 'Your cart: 3 items' }, sound: 'default' })
})

test('deep link is rendered per profile and sent as data url; home sends none', () => {
  const m = renderPush(claimed(opts({ openAction: { type: 'deep_link', url: 'shop://product/{{ event.sku }}' } })), now)
  expect(m.openUrl).toBe('shop://product/SKU-9')
  expect(pushData(m, {}).url).toBe('shop://product/SKU-9')
  expect(apnsRequestOf(m, pushData(m, {})).payload.url).toBe('shop://product/SKU-9')
})

test('image: FCM notification, android and apns fcm_options, mutable-content for iOS', () => {
  const m = renderPush(claimed(opts({ imageUrl: 'https://cdn.example.com/{{ event.sku }}.png' })), now)
  const f = fcmMessageOf(m, 'tok', {}) as Record<string, Record<string, unknown>>
  expect(f.notification!.image).toBe('https://cdn.example.com/SKU-9.png')
  expect((f.android!.notification as Record<string, unknown>).image).toBe('https://cdn.example.com/SKU-9.png')
  expect(f.apns!.fcm_options).toEqual({ image: 'https://cdn.example.com/SKU-9.png' })
  expect(apnsRequestOf(m, {}).payload.aps).toMatchObject({ 'mutable-content': 1 })
  // an image address that renders to something other than https is dropped
  expect(renderPush(claimed(opts({ imageUrl: '{{ person.nope }}' })), now).imageUrl).toBeNull()
})

test.each([
  [{ type: 'none' } as const, undefined, undefined, {}],
  [{ type: 'increment' } as const, undefined, undefined, { badge_action: 'increment' }],
  [{ type: 'set_count', count: 4 } as const, 4, 4, { badge_action: 'set_count', badge_count: '4' }],
  [{ type: 'set_property', property: 'unread' } as const, 7, 7, { badge_action: 'set_count', badge_count: '7' }],
  [{ type: 'set_property', property: 'missing' } as const, undefined, undefined, {}],
])('badge %j', (badge, apsBadge, androidCount, data) => {
  const m = renderPush(claimed(opts({ badge }), { unread: '7' }), now)
  expect(apnsRequestOf(m, {}).payload.aps.badge).toBe(apsBadge)
  const f = fcmMessageOf(m, 'tok', {}) as { android: { notification: Record<string, unknown> } }
  expect(f.android.notification.notification_count).toBe(androidCount)
  expect(pushData(m, {})).toEqual({ ...data, notification_type: 'standard' })
})

test('silent: no notification block, background push type at priority 5, content-available', () => {
  const m = renderPush(claimed(opts({ type: 'silent', badge: { type: 'set_count', count: 2 } })), now)
  const f = fcmMessageOf(m, 'tok', pushData(m, {})) as Record<string, Record<string, unknown>>
  expect(f.notification).toBeUndefined()
  expect(f.android!.priority).toBe('normal')
  expect(f.apns!.headers).toEqual({ 'apns-push-type': 'background', 'apns-priority': '5' })
  expect(f.apns!.payload).toEqual({ aps: { 'content-available': 1, badge: 2 } })
  expect(f.data!.notification_type).toBe('silent')
})

test('stored JSON read leniently: new fields, older flow fields, junk falls back to defaults', () => {
  expect(
    pushOptionsFrom({
      image_url: 'https://x/y.png',
      open_action: { type: 'deep_link', url: 'shop://a' },
      badge_action: { type: 'set_count', count: 1 },
      notification_type: 'silent',
    }),
  ).toEqual({
    imageUrl: 'https://x/y.png',
    openAction: { type: 'deep_link', url: 'shop://a' },
    badge: { type: 'set_count', count: 1 },
    type: 'silent',
  })
  expect(pushOptionsFrom({ on_open: 'link', link_url: 'shop://b', push_type: 'silent', badge: true })).toEqual({
    openAction: { type: 'deep_link', url: 'shop://b' },
    badge: { type: 'increment' },
    type: 'silent',
  })
  expect(pushOptionsFrom({ open_action: { type: 'teleport' }, badge_action: 5 })).toEqual({
    openAction: { type: 'home' },
    badge: { type: 'none' },
    type: 'standard',
  })
})

test('bad option input: field errors naming each field', () => {
  const r = z.object(pushOptionFields).safeParse({
    image_url: 'http://insecure/x.png',
    open_action: { type: 'deep_link', url: 'javascript:alert(1)' },
    badge_action: { type: 'set_count', count: -1 },
    notification_type: 'loud',
  })
  expect(r.success).toBe(false)
  const paths = r.error!.issues.map((i) => i.path.join('.')).sort()
  expect(paths).toEqual(['badge_action.count', 'image_url', 'notification_type', 'open_action.url'])
  // the /api campaign message content takes the same fields
  expect(pushContentSchema.safeParse({ open_action: { type: 'deep_link' } }).success).toBe(false)
  expect(pushContentSchema.safeParse({ title: 'x', open_action: { type: 'home' } }).success).toBe(true)
})
