/** @jest-environment node */
// The flow templates (seed 002 §3.2's seven, a welcome series and a win-back): each definition is a valid vendor FlowDefinition (zod and the graph
// checks), its steps match its actions, and its emails render in the template language with a
// profile and a triggering event (items loop, first-name default, unsubscribe link).
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { structuralErrors } from '@/lib/flows/validate-definition'
import { FLOW_TEMPLATE_KEYS, flowTemplate, templateSummaries } from '@/lib/flows/templates'
import { renderTemplate } from '@/lib/templates/render-template'

const refs = {
  metric: (n: string) => `M-${n.replace(/\W/g, '')}`,
  template: (k: string) => `T-${k}`,
  list: (n: string) => `L-${n.replace(/\W/g, '')}`,
}
const links = (kind: 'unsubscribe' | 'manage_preferences' | 'web_view') =>
  ({
    unsubscribe: 'https://app.test/u/x',
    manage_preferences: 'https://app.test/p/x',
    web_view: 'https://app.test/w/x',
  })[kind]

test('the seven template kinds of seed 002 §3.2, a welcome series, a win-back and a review request', () => {
  expect([...FLOW_TEMPLATE_KEYS]).toEqual([
    'welcome_series',
    'checkout_abandonment',
    'browse_abandonment',
    'back_in_stock',
    'customer_thank_you',
    'win_back',
    'birthday',
    'low_inventory',
    'price_drop',
    'review_request',
  ])
  expect(flowTemplate('nope')).toBeNull()
  expect(templateSummaries().map((s) => s.messageCount)).toEqual([3, 2, 1, 1, 1, 2, 1, 1, 1, 1])
})

test.each([...FLOW_TEMPLATE_KEYS])('%s: a valid definition whose emails are all used', (key) => {
  const t = flowTemplate(key)!
  const def = t.definition(refs)
  const parsed = flowDefinition.safeParse(def)
  expect(parsed.success ? [] : parsed.error.issues).toEqual([])
  expect(structuralErrors(parsed.data as FlowDefinition, { mode: 'create' })).toEqual([])
  // the review request action sends the company's template as an email does
  const emails = def.actions.filter((a) => a.type === 'send-email' || a.type === 'send-review-request')
  expect(emails.map((a) => (a.data as { message: { template_id: string } }).message.template_id).sort()).toEqual(
    t.emails.map((e) => `T-${e.key}`).sort(),
  )
  for (const a of emails) expect((a.data as { status: string }).status).toBe('draft')
  expect(t.steps.filter((s) => s.kind === 'email')).toHaveLength(t.emails.length)
  for (const m of t.metrics) expect(JSON.stringify(def)).toContain(refs.metric(m))
  for (const l of t.lists ?? []) expect(def.triggers).toContainEqual({ type: 'list', id: refs.list(l) })
})

test.each([...FLOW_TEMPLATE_KEYS])(
  '%s: every email renders with the unsubscribe link and a first-name default',
  (key) => {
    for (const e of flowTemplate(key)!.emails) {
      const event = {
        Items: [{ ProductName: 'Blue Mug', Quantity: 2, RowTotal: '24.00', ProductURL: 'https://shop.test/mug' }],
        CheckoutURL: 'https://shop.test/cart',
        ProductName: 'Blue Mug',
        URL: 'https://shop.test/mug',
      }
      const anon = renderTemplate(
        e.html,
        { event },
        { links, organization: { name: 'Demo Store', url: 'https://shop.test' } },
      )
      expect(anon).toContain('https://app.test/u/x')
      expect(anon).toContain('Demo Store')
      if (e.html.includes('first_name')) expect(anon).toContain('there')
      const named = renderTemplate(
        e.html,
        { first_name: 'Ada', event },
        { links, organization: { name: 'Demo Store', url: 'https://shop.test' } },
      )
      if (e.html.includes('first_name')) expect(named).toContain('Ada')
      if (e.html.includes('event.Items')) {
        expect(named).toContain('Blue Mug')
        expect(named).toContain('Quantity: 2')
      }
      expect(e.subject.length).toBeGreaterThan(0)
      expect(e.previewText.length).toBeGreaterThan(0)
    }
  },
)

test('checkout abandonment: 4 h delay, "no Placed Order since the flow started", email, 1 day, email', () => {
  const def = flowTemplate('checkout_abandonment')!.definition(refs)
  expect(def.triggers[0]).toMatchObject({ type: 'metric', id: 'M-StartedCheckout' })
  const byId = new Map(def.actions.map((a) => [a.temporary_id, a]))
  const path: string[] = []
  let cur = byId.get(def.entry_action_id!)
  while (cur) {
    path.push(cur.type)
    const l = cur.links as { next?: string | null; next_if_true?: string | null }
    cur = byId.get((l.next ?? l.next_if_true) as string)
  }
  expect(path).toEqual([
    'time-delay',
    'conditional-split',
    'send-email',
    'time-delay',
    'conditional-split',
    'send-email',
  ])
  expect(def.actions[0]!.data).toMatchObject({ unit: 'hours', value: 4 })
  expect(JSON.stringify(def.actions[1]!.data)).toContain('"operator":"flow-start"')
  expect(JSON.stringify(def.actions[1]!.data)).toContain('M-PlacedOrder')
})

test("birthday: the profile's birthday every year at 09:00 in the profile's time zone", () => {
  const def = flowTemplate('birthday')!.definition(refs)
  expect(def.triggers[0]).toMatchObject({
    type: 'date',
    date_field_type: 'profile-property',
    date_profile_property: 'birthday',
    trigger_time: '09:00',
    timezone: 'profile',
    recurrence_frequency: 'annually',
  })
})

test('catalog templates use the catalog triggers', () => {
  expect(flowTemplate('price_drop')!.definition(refs).triggers[0]!.type).toBe('price-drop')
  expect(flowTemplate('low_inventory')!.definition(refs).triggers[0]!.type).toBe('low-inventory')
  const bis = flowTemplate('back_in_stock')!.definition(refs)
  expect(bis.actions.map((a) => a.type)).toEqual(['back-in-stock-delay', 'send-email'])
})
