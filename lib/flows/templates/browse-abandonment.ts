// Browse abandonment: Viewed Product → wait 2 hours → no checkout and no order since the flow
// started → a nudge showing the product. Re-entry at most once a week.
import { delayAction, emailAction, notDoneSinceStartSplit } from './actions'
import { browseHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

const nudge: TemplateEmail = {
  key: 'nudge',
  name: 'Browse abandonment: still looking?',
  subject: 'Still thinking about it?',
  previewText: 'The product you looked at is still here.',
  html: browseHtml,
}

export const browseAbandonment: FlowTemplate = {
  key: 'browse_abandonment',
  name: 'Browse abandonment',
  metrics: ['Viewed Product', 'Started Checkout', 'Placed Order'],
  emails: [nudge],
  steps: [
    { kind: 'trigger', trigger: 'metric', metric: 'Viewed Product' },
    { kind: 'delay', value: 2, unit: 'hours' },
    { kind: 'split', metric: 'Started Checkout' },
    { kind: 'split', metric: 'Placed Order' },
    { kind: 'email', name: nudge.name, subject: nudge.subject },
  ],
  definition: (refs) => ({
    triggers: [{ type: 'metric', id: refs.metric('Viewed Product'), trigger_filter: null }],
    profile_filter: null,
    entry_action_id: 'wait-2h',
    reentry_criteria: { duration: 7, unit: 'day' },
    actions: [
      delayAction('wait-2h', 'no-checkout', 2, 'hours'),
      notDoneSinceStartSplit('no-checkout', 'no-order', null, refs.metric('Started Checkout')),
      notDoneSinceStartSplit('no-order', 'email-nudge', null, refs.metric('Placed Order')),
      emailAction('email-nudge', null, nudge, refs),
    ],
  }),
}
