// The goals a flow can be generated for (/flows/create/with-ai, /flows/generate/{flowKey}) and
// the rule that reads a goal out of the merchant's own words: keywords, no external model.
import type { FlowTemplateKey } from '../templates/template-types'

export const FLOW_GOALS = {
  welcome: 'welcome_series',
  abandoned_cart: 'checkout_abandonment',
  browse_abandonment: 'browse_abandonment',
  post_purchase: 'customer_thank_you',
  win_back: 'win_back',
} as const satisfies Record<string, FlowTemplateKey>
export type FlowGoal = keyof typeof FLOW_GOALS
export const isFlowGoal = (g: string): g is FlowGoal => Object.hasOwn(FLOW_GOALS, g)

// Checked in order: the more specific phrases (browsing, checkout) before the general ones.
const RULES: Array<[FlowGoal, RegExp]> = [
  ['browse_abandonment', /\b(brows\w*|view(ed|ing)?|look(ed|ing) at)\b/i],
  ['abandoned_cart', /\b(cart|checkout|abandon\w*|left .* behind)\b/i],
  ['post_purchase', /\b(after (a |their )?(purchase|order)|post[- ]purchase|thank|review|bought|order(ed)?)\b/i],
  ['win_back', /\b(win[- ]?back|lapsed|inactive|re-?engage\w*|churn\w*|come back|haven'?t (bought|ordered))\b/i],
  ['welcome', /\b(welcome|new (subscriber|signup|sign-up|customer)s?|sign(ed)? up|onboard\w*|join\w*)\b/i],
]

/** The goal a description asks for, or null when none of the rules recognises it. */
export function goalFromText(text: string): FlowGoal | null {
  for (const [goal, re] of RULES) if (re.test(text)) return goal
  return null
}
