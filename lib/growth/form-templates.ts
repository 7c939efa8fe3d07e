// The /forms/create starting templates the get-started wizard offers (their Version JSON lives
// with the forms core in lib/forms/templates; the keys are the contract: /forms/create?template=).
export const FORM_TEMPLATE_KEYS = [
  'discount_popup',
  'newsletter_embed',
  'sms_two_step',
  'exit_intent_flyout',
  'back_in_stock',
] as const
export type FormTemplateKey = (typeof FORM_TEMPLATE_KEYS)[number]
