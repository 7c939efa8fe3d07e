// The blocks the editor can add, as the vendor's block JSON (components.schemas.RowV0 blocks).
// "Hidden fields" are the submit button's additional_fields (the vendor keeps them there), and a
// spacer is an empty text block with padding: the Version schema has no spacer block of its own.
import type { BlockAction, FormBlock } from '../definition-types'

export const BLOCK_KINDS = [
  'text',
  'image',
  'email',
  'phone',
  'textField',
  'dropdown',
  'checkbox',
  'date',
  'button',
  'coupon',
  'spacer',
] as const
export type BlockKind = (typeof BLOCK_KINDS)[number]

export function newBlock(kind: BlockKind, listId?: string | null): FormBlock {
  switch (kind) {
    case 'text':
      return { type: 'html_text', properties: { content: '<p>Your text here</p>' } }
    case 'image':
      return { type: 'image', properties: { image: { src: '', alt_text: '' } } }
    case 'email':
      return {
        type: 'email',
        properties: { property_name: '$email', placeholder: 'Email', required: true, show_label: false },
      }
    case 'phone':
      return {
        type: 'phone_number',
        properties: {
          property_name: '$phone_number',
          placeholder: 'Phone number',
          required: true,
          show_label: false,
          sms_consent_type: ['promotional'],
        },
      }
    case 'textField':
      return {
        type: 'text',
        properties: {
          property_name: 'first_name',
          label: 'First name',
          placeholder: 'First name',
          show_label: false,
          required: false,
        },
      }
    case 'dropdown':
      return {
        type: 'dropdown',
        properties: {
          property_name: 'interest',
          label: 'Interest',
          show_label: true,
          required: false,
          options: [{ label: 'Option 1', value: 'option_1' }],
        },
      }
    case 'checkbox':
      return {
        type: 'checkboxes',
        properties: {
          property_name: 'preferences',
          label: 'Preferences',
          show_label: true,
          required: false,
          options: [{ label: 'Option 1', value: 'option_1' }],
        },
      }
    case 'date':
      return {
        type: 'date',
        properties: {
          property_name: 'birthday',
          label: 'Birthday',
          placeholder: 'MM/DD',
          show_label: false,
          required: false,
          date_format: 'MM/DD',
        },
      }
    case 'button':
      return { type: 'button', properties: { label: 'Subscribe' }, action: actionFor('submit', listId) }
    case 'coupon':
      return { type: 'coupon', properties: { coupon: { type: 'static', text: 'WELCOME10' } } }
    case 'spacer':
      return {
        type: 'html_text',
        properties: { content: '' },
        styles: { padding: { top: 24, bottom: 0, left: 0, right: 0 } },
      }
  }
}

/** Which palette entry a block is (null: a block kind the editor shows but cannot edit in detail). */
export function kindOf(block: FormBlock): BlockKind | null {
  switch (block.type) {
    case 'html_text':
      return isSpacer(block) ? 'spacer' : 'text'
    case 'image':
      return 'image'
    case 'email':
      return 'email'
    case 'phone_number':
      return 'phone'
    case 'text':
      return 'textField'
    case 'dropdown':
      return 'dropdown'
    case 'checkboxes':
      return 'checkbox'
    case 'date':
      return 'date'
    case 'button':
      return 'button'
    case 'coupon':
      return 'coupon'
    default:
      return null
  }
}

function isSpacer(block: FormBlock): boolean {
  return block.type === 'html_text' && !String(block.properties?.content ?? '').trim()
}

/** The button actions the editor offers; "submit" is the vendor's next_step with submit: true. */
export const BUTTON_ACTIONS = ['submit', 'nextStep', 'close', 'redirect'] as const
export type ButtonActionKind = (typeof BUTTON_ACTIONS)[number]

export function actionKind(action: BlockAction | null | undefined): ButtonActionKind {
  if (!action) return 'submit'
  if (action.type === 'close') return 'close'
  if (action.type === 'redirect') return 'redirect'
  return action.submit ? 'submit' : 'nextStep'
}

export function actionFor(kind: ButtonActionKind, listId?: string | null, url = ''): BlockAction {
  switch (kind) {
    case 'submit':
      return { type: 'next_step', submit: true, properties: { list_id: listId ?? null } }
    case 'nextStep':
      return { type: 'next_step', submit: false }
    case 'close':
      return { type: 'close', submit: false }
    case 'redirect':
      return { type: 'redirect', submit: false, properties: { url, new_window: false } }
  }
}

/** A short text for the block list: the button's label, a field's placeholder, the text's words. */
export function blockSummary(block: FormBlock): string {
  const p = block.properties ?? {}
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  switch (block.type) {
    case 'html_text':
      return text(p.content)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60)
    case 'button':
      return text(p.label)
    case 'coupon':
      return text((p.coupon as { text?: string } | undefined)?.text)
    case 'image':
      return text((p.image as { alt_text?: string } | undefined)?.alt_text)
    default:
      return text(p.label) || text(p.placeholder) || text(p.property_name)
  }
}
