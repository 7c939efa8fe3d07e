// Price drop: the catalog's price-drop hook fires when an item's price falls by 10 % or more,
// for profiles who viewed it or started a checkout with it in the last 30 days (and did not get
// this flow in the last week) → a "the price just dropped" email.
import { emailAction, notInFlowFilter } from './actions'
import { priceDropHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

const dropped: TemplateEmail = {
  key: 'dropped',
  name: 'Price drop alert',
  subject: 'Good news: the price dropped',
  previewText: 'Something you looked at now costs less.',
  html: priceDropHtml,
}

export const priceDrop: FlowTemplate = {
  key: 'price_drop',
  name: 'Price drop',
  metrics: [],
  emails: [dropped],
  steps: [
    { kind: 'trigger', trigger: 'price-drop' },
    { kind: 'email', name: dropped.name, subject: dropped.subject },
  ],
  definition: (refs) => ({
    triggers: [
      {
        type: 'price-drop',
        trigger_filter: null,
        price_drop_amount_value: 10,
        price_drop_amount_unit: 'percent',
        audience: ['viewed', 'checkout-started'],
        timeframe_days: 30,
      },
    ],
    profile_filter: notInFlowFilter(7),
    entry_action_id: 'email-price-drop',
    reentry_criteria: null,
    actions: [emailAction('email-price-drop', null, dropped, refs)],
  }),
}
