// Customer thank you: Placed Order → wait 1 hour → a thank-you with the order's items.
import { delayAction, emailAction } from './actions'
import { thankYouHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

const thanks: TemplateEmail = {
  key: 'thanks',
  name: 'Customer thank you',
  subject: 'Thank you for your order',
  previewText: 'We are grateful you shopped with us.',
  html: thankYouHtml,
}

export const customerThankYou: FlowTemplate = {
  key: 'customer_thank_you',
  name: 'Customer thank you',
  metrics: ['Placed Order'],
  emails: [thanks],
  steps: [
    { kind: 'trigger', trigger: 'metric', metric: 'Placed Order' },
    { kind: 'delay', value: 1, unit: 'hours' },
    { kind: 'email', name: thanks.name, subject: thanks.subject },
  ],
  definition: (refs) => ({
    triggers: [{ type: 'metric', id: refs.metric('Placed Order'), trigger_filter: null }],
    profile_filter: null,
    entry_action_id: 'wait-1h',
    reentry_criteria: null,
    actions: [delayAction('wait-1h', 'email-thanks', 1, 'hours'), emailAction('email-thanks', null, thanks, refs)],
  }),
}
