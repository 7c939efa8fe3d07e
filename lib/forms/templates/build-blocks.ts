// Small builders for the blocks, steps and triggers the /forms/create templates are made of, so
// each template reads as a list of its steps. Output is plain Version JSON (vendor field names).
import type { FormVersionDefinition } from '../definition/version'

type Json = Record<string, unknown>
const pad = { top: 8, bottom: 8, left: 0, right: 0 }

export const heading = (text: string, level: 1 | 2 = 1): Json => ({
  type: 'html_text',
  styles: { padding: pad },
  properties: { content: `<h${level}>${escapeHtml(text)}</h${level}>` },
})
export const paragraph = (text: string): Json => ({
  type: 'html_text',
  styles: { padding: pad },
  properties: { content: `<p>${escapeHtml(text)}</p>` },
})

export const emailField = (placeholder = 'Email'): Json => ({
  type: 'email',
  properties: { placeholder, required: true, property_name: '$email', label: 'Email', show_label: false },
})
export const phoneField = (placeholder = 'Phone number'): Json => ({
  type: 'phone_number',
  properties: {
    placeholder,
    required: true,
    property_name: '$phone_number',
    label: 'Phone number',
    show_label: false,
    sms_consent_type: ['promotional'],
  },
})
export const textField = (propertyName: string, label: string): Json => ({
  type: 'text',
  properties: { property_name: propertyName, label, placeholder: label, required: false, show_label: false },
})

/** A submit button: next_step on all but the form's last data step, with the list a submit subscribes to. */
export const submitButton = (label: string, listId: string | null): Json => ({
  type: 'button',
  styles: { width: 'fill', alignment: 'center' },
  properties: { label },
  action: { type: 'next_step', submit: true, properties: { list_id: listId } },
})
export const closeButton = (label: string): Json => ({
  type: 'button',
  properties: { label },
  action: { type: 'close', submit: false, properties: null },
})
export const redirectButton = (label: string, url: string): Json => ({
  type: 'button',
  properties: { label },
  action: { type: 'redirect', submit: false, properties: { url, new_window: false, list_id: null } },
})
export const couponBlock = (code: string): Json => ({
  type: 'coupon',
  properties: { coupon: { type: 'static', text: code }, success_message: 'Copied!' },
})
export const smsDisclosure = (html: string): Json => ({
  type: 'sms_disclosure',
  properties: { content: { type: 'custom', html } },
})

export const step = (name: string, blocks: Json[]): Json => ({
  name,
  columns: [{ rows: blocks.map((b) => ({ blocks: [b] })) }],
})

export const delay = (seconds: number): Json => ({ type: 'delay', properties: { seconds } })
export const exitIntent = (): Json => ({ type: 'exit_intent' })
export const neverAfterSubmit = (days: number): Json => ({
  type: 'after_close_or_submit_timeout',
  properties: { timeout_days: days },
})
export const unidentified = (): Json => ({ type: 'unidentified_profiles' })

export function version(type: FormVersionDefinition['type'], steps: Json[], extra: Json = {}): Json {
  return {
    type,
    steps,
    triggers: [],
    teasers: [],
    styles: { width: 'medium', background_color: '#FFFFFF' },
    properties: { show_close_button: type !== 'embed' },
    ...extra,
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}
