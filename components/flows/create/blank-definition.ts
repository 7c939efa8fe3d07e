// The definition of a blank flow: the chosen trigger kind, not yet pointing at a metric, list or
// segment (the builder's trigger panel completes it), and no actions.
export const BLANK_TRIGGERS = ['metric', 'list', 'segment', 'price-drop', 'low-inventory', 'none'] as const
export type BlankTrigger = (typeof BLANK_TRIGGERS)[number]

export function blankDefinition(kind: BlankTrigger) {
  const trigger = (() => {
    switch (kind) {
      case 'metric':
        return { type: 'metric', id: null, trigger_filter: null }
      case 'list':
        return { type: 'list', id: null }
      case 'segment':
        return { type: 'segment', id: null }
      case 'price-drop':
        return {
          type: 'price-drop',
          trigger_filter: null,
          price_drop_amount_value: 10,
          price_drop_amount_unit: 'percent',
          audience: ['viewed', 'checkout-started'],
          timeframe_days: 30,
        }
      case 'low-inventory':
        return {
          type: 'low-inventory',
          product_level: 'product',
          trigger_filter: null,
          inventory_count: 10,
          audience: ['viewed', 'added-to-cart', 'checkout-started'],
          timeframe_days: 30,
        }
      case 'none':
        return null
    }
  })()
  return {
    triggers: trigger ? [trigger] : [],
    profile_filter: null,
    actions: [],
    entry_action_id: null,
    reentry_criteria: null,
  }
}
