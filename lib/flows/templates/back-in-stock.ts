// Back in stock: a profile subscribes to an item's back-in-stock alert (the metric the catalog
// issue records), the flow waits until the item is available again (back-in-stock-delay, filled
// in by the catalog hooks), then sends the alert.
import { emailAction } from './actions'
import { backInStockHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

export const BACK_IN_STOCK_METRIC = 'Subscribed to Back in Stock'

const alert: TemplateEmail = {
  key: 'alert',
  name: 'Back in stock: alert',
  subject: "It's back in stock",
  previewText: 'The item you asked about is available again.',
  html: backInStockHtml,
}

export const backInStock: FlowTemplate = {
  key: 'back_in_stock',
  name: 'Back in stock',
  metrics: [BACK_IN_STOCK_METRIC],
  emails: [alert],
  steps: [
    { kind: 'trigger', trigger: 'metric', metric: BACK_IN_STOCK_METRIC },
    { kind: 'wait', what: 'back-in-stock' },
    { kind: 'email', name: alert.name, subject: alert.subject },
  ],
  definition: (refs) => ({
    triggers: [{ type: 'metric', id: refs.metric(BACK_IN_STOCK_METRIC), trigger_filter: null }],
    profile_filter: null,
    entry_action_id: 'wait-in-stock',
    reentry_criteria: null,
    actions: [
      { temporary_id: 'wait-in-stock', type: 'back-in-stock-delay', links: { next: 'email-alert' }, data: null },
      emailAction('email-alert', null, alert, refs),
    ],
  }),
}
