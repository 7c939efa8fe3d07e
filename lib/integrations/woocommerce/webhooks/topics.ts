// The WooCommerce webhook topics we register and process; anything else is recorded as ignored.
export const WOO_TOPICS = [
  'order.created',
  'order.updated',
  'customer.created',
  'customer.updated',
  'product.created',
  'product.updated',
  'product.deleted',
] as const

export type WooTopic = (typeof WOO_TOPICS)[number]

const HANDLED = new Set<string>(WOO_TOPICS)
export const isHandledWooTopic = (topic: string): topic is WooTopic => HANDLED.has(topic)
