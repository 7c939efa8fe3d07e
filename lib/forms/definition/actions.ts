// What a button or image does when clicked (the vendor's Close, NextStep, OpenForm, Redirect …),
// discriminated by `type`. `submit: true` submits the step's fields before the action runs; a
// `list_id` names the list the submit subscribes to.
import { z } from 'zod'
import { elementId, nullableText } from './common'

const listProps = z.looseObject({ list_id: nullableText }).nullable().optional()
const noProps = z.null().optional()
const smsOptIn = z.looseObject({
  opt_in_keyword: nullableText,
  opt_in_message: z.string().max(1000),
  sending_number: nullableText,
})

export const ACTION_TYPES = [
  'close',
  'next_step',
  'open_form',
  'promotional_sms_subscription',
  'redirect',
  'resend_opt_in_code',
  'submit_opt_in_code',
  'subscribe_via_sms',
  'subscribe_via_whatsapp',
  'go_to_inbox',
  'submit_back_in_stock',
  'skip_to_success',
  'iaf_deeplink_to_screen',
] as const

export const blockAction = z.discriminatedUnion('type', [
  z.looseObject({ id: elementId, type: z.literal('close'), submit: z.boolean(), properties: listProps }),
  z.looseObject({ id: elementId, type: z.literal('next_step'), submit: z.boolean(), properties: listProps }),
  z.looseObject({
    id: elementId,
    type: z.literal('open_form'),
    submit: z.literal(true).optional(),
    properties: z.looseObject({ close_form: z.boolean().optional(), form_id_to_open: z.string().min(1).max(64) }),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('promotional_sms_subscription'),
    submit: z.literal(true).optional(),
    properties: noProps,
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('redirect'),
    submit: z.boolean(),
    properties: z.looseObject({
      list_id: nullableText,
      url: z.string().max(2048).optional(),
      new_window: z.boolean().optional(),
    }),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('resend_opt_in_code'),
    submit: z.literal(false).optional(),
    properties: noProps,
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('submit_opt_in_code'),
    submit: z.literal(true).optional(),
    properties: noProps,
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('subscribe_via_sms'),
    submit: z.literal(true).optional(),
    properties: smsOptIn,
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('subscribe_via_whatsapp'),
    submit: z.literal(true).optional(),
    properties: smsOptIn,
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('go_to_inbox'),
    submit: z.literal(true).optional(),
    properties: noProps,
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('submit_back_in_stock'),
    submit: z.literal(true).optional(),
    properties: listProps,
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('skip_to_success'),
    submit: z.literal(false).optional(),
    properties: z.strictObject({}),
  }),
  z.looseObject({
    id: elementId,
    type: z.literal('iaf_deeplink_to_screen'),
    submit: z.literal(true).optional(),
    properties: z.looseObject({ deep_link_url: z.string().max(2048).optional() }),
  }),
])
export type BlockAction = z.infer<typeof blockAction>
