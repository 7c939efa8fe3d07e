// Low inventory: the catalog's low-inventory hook fires for an item at or below 10 in stock, for
// profiles who viewed it, added it to their cart or started a checkout with it in the last 30
// days (and did not get this flow in the last week) → an "almost gone" email.
import { emailAction, notInFlowFilter } from './actions'
import { lowInventoryHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

const almostGone: TemplateEmail = {
  key: 'almost_gone',
  name: 'Low inventory: almost gone',
  subject: 'Almost gone: get it while you can',
  previewText: 'An item you looked at is selling out.',
  html: lowInventoryHtml,
}

export const lowInventory: FlowTemplate = {
  key: 'low_inventory',
  name: 'Low inventory',
  metrics: [],
  emails: [almostGone],
  steps: [
    { kind: 'trigger', trigger: 'low-inventory' },
    { kind: 'email', name: almostGone.name, subject: almostGone.subject },
  ],
  definition: (refs) => ({
    triggers: [
      {
        type: 'low-inventory',
        product_level: 'product',
        trigger_filter: null,
        inventory_count: 10,
        audience: ['viewed', 'added-to-cart', 'checkout-started'],
        timeframe_days: 30,
      },
    ],
    profile_filter: notInFlowFilter(7),
    entry_action_id: 'email-almost-gone',
    reentry_criteria: null,
    actions: [emailAction('email-almost-gone', null, almostGone, refs)],
  }),
}
