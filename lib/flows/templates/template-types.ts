// The shape of a flow template (/flows/create, /library/flows): what it needs (metrics by name,
// email templates) and a factory that turns their ids into a vendor FlowDefinition with
// temporary ids, ready for createFlow. The steps list is what the screens preview.
import type { FlowDefinition } from '../definition'

export const FLOW_TEMPLATE_KEYS = [
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
] as const
export type FlowTemplateKey = (typeof FLOW_TEMPLATE_KEYS)[number]
export const isFlowTemplateKey = (k: unknown): k is FlowTemplateKey =>
  typeof k === 'string' && (FLOW_TEMPLATE_KEYS as readonly string[]).includes(k)

/** An email the template creates in the company's template library. */
export interface TemplateEmail {
  key: string
  /** Template (library) name and the message name in the flow. */
  name: string
  subject: string
  previewText: string
  html: string
}

/** One step of the preview: the trigger, a delay, a split or a message. */
export type TemplateStep =
  | {
      kind: 'trigger'
      trigger: 'metric' | 'list' | 'date' | 'price-drop' | 'low-inventory'
      metric?: string
      list?: string
      property?: string
    }
  | { kind: 'delay'; value: number; unit: 'minutes' | 'hours' | 'days' | 'weeks' }
  | { kind: 'split'; metric: string }
  | { kind: 'wait'; what: 'back-in-stock' }
  | { kind: 'email'; name: string; subject: string }

export interface TemplateRefs {
  /** Metric id by name (found or created). */
  metric(name: string): string
  /** Template id by TemplateEmail.key. */
  template(key: string): string
  /** List id by name (found, or created when the company has no list of that name). */
  list(name: string): string
}

export interface FlowTemplate {
  key: FlowTemplateKey
  /** The name a new flow gets (merchants rename it). */
  name: string
  /** Metric names the definition refers to. */
  metrics: string[]
  /** List names the definition refers to (a list trigger). */
  lists?: string[]
  emails: TemplateEmail[]
  steps: TemplateStep[]
  definition(refs: TemplateRefs): FlowDefinition
}
