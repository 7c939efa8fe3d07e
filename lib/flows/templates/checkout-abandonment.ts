// Abandoned checkout: Started Checkout → wait 4 hours → still no Placed Order since the flow
// started? → reminder with the cart's items → wait 1 day → still no order? → a last call.
import { delayAction, emailAction, notDoneSinceStartSplit } from './actions'
import { checkoutLastCallHtml, checkoutReminderHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

const reminder: TemplateEmail = {
  key: 'reminder',
  name: 'Abandoned checkout: reminder',
  subject: 'You left something in your cart',
  previewText: 'Your items are still waiting for you.',
  html: checkoutReminderHtml,
}
const lastCall: TemplateEmail = {
  key: 'last_call',
  name: 'Abandoned checkout: last call',
  subject: 'Still thinking it over?',
  previewText: 'We saved your cart, but not for long.',
  html: checkoutLastCallHtml,
}

export const checkoutAbandonment: FlowTemplate = {
  key: 'checkout_abandonment',
  name: 'Abandoned checkout',
  metrics: ['Started Checkout', 'Placed Order'],
  emails: [reminder, lastCall],
  steps: [
    { kind: 'trigger', trigger: 'metric', metric: 'Started Checkout' },
    { kind: 'delay', value: 4, unit: 'hours' },
    { kind: 'split', metric: 'Placed Order' },
    { kind: 'email', name: reminder.name, subject: reminder.subject },
    { kind: 'delay', value: 1, unit: 'days' },
    { kind: 'split', metric: 'Placed Order' },
    { kind: 'email', name: lastCall.name, subject: lastCall.subject },
  ],
  definition: (refs) => {
    const placed = refs.metric('Placed Order')
    return {
      triggers: [{ type: 'metric', id: refs.metric('Started Checkout'), trigger_filter: null }],
      profile_filter: null,
      entry_action_id: 'wait-4h',
      reentry_criteria: { duration: 1, unit: 'day' },
      actions: [
        delayAction('wait-4h', 'not-ordered-1', 4, 'hours'),
        notDoneSinceStartSplit('not-ordered-1', 'email-reminder', null, placed),
        emailAction('email-reminder', 'wait-1d', reminder, refs),
        delayAction('wait-1d', 'not-ordered-2', 1, 'days'),
        notDoneSinceStartSplit('not-ordered-2', 'email-last-call', null, placed),
        emailAction('email-last-call', null, lastCall, refs),
      ],
    }
  },
}
