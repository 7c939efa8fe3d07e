// Win-back: Placed Order → 60 days → no order since? → we miss you → 14 days → still none? → a
// last try. Each order starts a run, so only the customer's latest order's run reaches an email.
import { delayAction, emailAction, notDoneSinceStartSplit } from './actions'
import { winBackHtml, winBackLastHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

const missYou: TemplateEmail = {
  key: 'miss_you',
  name: 'Win-back: we miss you',
  subject: 'It has been a while',
  previewText: 'See what is new since your last visit.',
  html: winBackHtml,
}
const lastTry: TemplateEmail = {
  key: 'last_try',
  name: 'Win-back: still with us?',
  subject: 'Still with us?',
  previewText: 'We would love to see you again.',
  html: winBackLastHtml,
}

export const winBack: FlowTemplate = {
  key: 'win_back',
  name: 'Win-back',
  metrics: ['Placed Order'],
  emails: [missYou, lastTry],
  steps: [
    { kind: 'trigger', trigger: 'metric', metric: 'Placed Order' },
    { kind: 'delay', value: 60, unit: 'days' },
    { kind: 'split', metric: 'Placed Order' },
    { kind: 'email', name: missYou.name, subject: missYou.subject },
    { kind: 'delay', value: 14, unit: 'days' },
    { kind: 'split', metric: 'Placed Order' },
    { kind: 'email', name: lastTry.name, subject: lastTry.subject },
  ],
  definition: (refs) => {
    const placed = refs.metric('Placed Order')
    return {
      triggers: [{ type: 'metric', id: placed, trigger_filter: null }],
      profile_filter: null,
      entry_action_id: 'wait-60d',
      reentry_criteria: null,
      actions: [
        delayAction('wait-60d', 'not-ordered-1', 60, 'days'),
        notDoneSinceStartSplit('not-ordered-1', 'email-miss-you', null, placed),
        emailAction('email-miss-you', 'wait-14d', missYou, refs),
        delayAction('wait-14d', 'not-ordered-2', 14, 'days'),
        notDoneSinceStartSplit('not-ordered-2', 'email-last-try', null, placed),
        emailAction('email-last-try', null, lastTry, refs),
      ],
    }
  },
}
