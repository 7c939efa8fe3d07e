// Welcome series: added to the Newsletter list → a welcome at once → 2 days → the store's story
// → 3 days → still no order since the flow started? → the best sellers.
import { delayAction, emailAction, notDoneSinceStartSplit } from './actions'
import { welcomeBestSellersHtml, welcomeHtml, welcomeStoryHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

/** The list a new subscriber joins; found by name, or created for the merchant to fill. */
export const WELCOME_LIST = 'Newsletter'

const welcome: TemplateEmail = {
  key: 'welcome',
  name: 'Welcome series: welcome',
  subject: 'Welcome to the family',
  previewText: 'Thank you for signing up: here is what to expect.',
  html: welcomeHtml,
}
const story: TemplateEmail = {
  key: 'story',
  name: 'Welcome series: our story',
  subject: 'The story behind our shop',
  previewText: 'Why we make what we make.',
  html: welcomeStoryHtml,
}
const bestSellers: TemplateEmail = {
  key: 'best_sellers',
  name: 'Welcome series: best sellers',
  subject: 'Our customers’ favourites',
  previewText: 'Not sure where to start? Start here.',
  html: welcomeBestSellersHtml,
}

export const welcomeSeries: FlowTemplate = {
  key: 'welcome_series',
  name: 'Welcome series',
  metrics: ['Placed Order'],
  lists: [WELCOME_LIST],
  emails: [welcome, story, bestSellers],
  steps: [
    { kind: 'trigger', trigger: 'list', list: WELCOME_LIST },
    { kind: 'email', name: welcome.name, subject: welcome.subject },
    { kind: 'delay', value: 2, unit: 'days' },
    { kind: 'email', name: story.name, subject: story.subject },
    { kind: 'delay', value: 3, unit: 'days' },
    { kind: 'split', metric: 'Placed Order' },
    { kind: 'email', name: bestSellers.name, subject: bestSellers.subject },
  ],
  definition: (refs) => ({
    triggers: [{ type: 'list', id: refs.list(WELCOME_LIST) }],
    profile_filter: null,
    entry_action_id: 'email-welcome',
    reentry_criteria: null,
    actions: [
      emailAction('email-welcome', 'wait-2d', welcome, refs),
      delayAction('wait-2d', 'email-story', 2, 'days'),
      emailAction('email-story', 'wait-3d', story, refs),
      delayAction('wait-3d', 'not-ordered', 3, 'days'),
      notDoneSinceStartSplit('not-ordered', 'email-best-sellers', null, refs.metric('Placed Order')),
      emailAction('email-best-sellers', null, bestSellers, refs),
    ],
  }),
}
