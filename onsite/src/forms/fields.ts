// One block of a step as DOM: text, images, coupons and the input fields. Each input field
// registers a Field (its value, its validation, where its error shows) with the step.
import type { Block } from './definition'
import { str } from './definition'
import { el, uid } from './dom'
import { appendRichText } from './rich-text'

export interface Field {
  name: string
  kind: string
  read(): unknown
  validate(): string | null
  showError(message: string | null): void
  focus(): void
}

export interface BlockEnv {
  fields: Field[]
  onButton(block: Block): void
  /** The code of a coupon block (static text, or the unique code's fallback until it is known). */
  couponCode(block: Block): string
  /** Asks the server for the unique code assigned to this subscriber and shows it in `target`. */
  fillCoupon?(block: Block, target: HTMLElement): void
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const CODES = [
  '+1',
  '+44',
  '+61',
  '+64',
  '+353',
  '+49',
  '+33',
  '+31',
  '+32',
  '+34',
  '+39',
  '+41',
  '+43',
  '+45',
  '+46',
  '+47',
  '+48',
  '+351',
  '+52',
  '+55',
  '+81',
  '+91',
]

function messages(p: Record<string, unknown>) {
  const m = (p.error_messages ?? {}) as Record<string, unknown>
  return { required: str(m.required) || 'This field is required', invalid: str(m.invalid) || 'This field is invalid' }
}

/** A labelled wrapper: the label is always there, visually hidden when show_label is off. */
function wrap(
  p: Record<string, unknown>,
  fallbackLabel: string,
  control: HTMLElement,
  controlId: string,
  group = false,
) {
  const box = el(group ? 'fieldset' : 'div', { class: 'fld' })
  const text = str(p.label) || str(p.placeholder) || fallbackLabel
  const label = group
    ? el('legend', p.show_label ? {} : { class: 'sr' }, text)
    : el('label', { for: controlId, ...(p.show_label ? {} : { class: 'sr' }) }, text)
  const err = el('p', { class: 'err', id: controlId + '-e', role: 'alert', hidden: '' })
  box.append(label, control, err)
  return { box, err }
}

function field(
  env: BlockEnv,
  name: string,
  kind: string,
  input: HTMLElement,
  err: HTMLElement,
  read: () => unknown,
  check: (v: unknown) => string | null,
  focusEl: HTMLElement = input,
): void {
  env.fields.push({
    name,
    kind,
    read,
    validate: () => check(read()),
    showError(message) {
      err.textContent = message ?? ''
      err.hidden = !message
      if (message) {
        focusEl.setAttribute('aria-invalid', 'true')
        focusEl.setAttribute('aria-describedby', err.id)
      } else focusEl.removeAttribute('aria-invalid')
    },
    focus: () => focusEl.focus(),
  })
}

function textInput(
  b: Block,
  env: BlockEnv,
  type: string,
  name: string,
  fallback: string,
  extra: Record<string, string> = {},
): HTMLElement {
  const p = b.properties ?? {}
  const id = uid('kl')
  const input = el('input', { id, type, name, placeholder: str(p.placeholder) || undefined, ...extra })
  if (p.required) input.required = true
  const { box, err } = wrap(p, fallback, input, id)
  const msg = messages(p)
  field(
    env,
    name,
    b.type,
    input,
    err,
    () => input.value.trim(),
    (v) => {
      if (!v) return p.required || b.type === 'email' ? msg.required : null
      if (type === 'email' && !EMAIL_RE.test(String(v))) return msg.invalid
      return null
    },
  )
  return box
}

function phone(b: Block, env: BlockEnv): HTMLElement {
  const p = b.properties ?? {}
  const id = uid('kl')
  const row = el('div', { class: 'ph' })
  const code = el('select', { 'aria-label': 'Country code', name: 'country_code' })
  for (const c of CODES) code.append(el('option', { value: c }, c))
  const input = el('input', {
    id,
    type: 'tel',
    name: '$phone_number',
    autocomplete: 'tel-national',
    inputmode: 'tel',
    placeholder: str(p.placeholder) || undefined,
  })
  row.append(code, input)
  const { box, err } = wrap(p, 'Phone number', row, id)
  const msg = messages(p)
  const read = () => {
    const raw = input.value.replace(/[\s().-]/g, '')
    if (!raw) return ''
    return raw.startsWith('+') ? raw : code.value + raw.replace(/^0+/, '')
  }
  field(env, '$phone_number', 'phone_number', input, err, read, (v) => {
    if (!v) return p.required ? msg.required : null
    return /^\+[1-9]\d{6,14}$/.test(String(v)) ? null : msg.invalid
  })
  return box
}

function choice(b: Block, env: BlockEnv): HTMLElement {
  const p = b.properties ?? {}
  const name = str(p.property_name)
  const options = (Array.isArray(p.options) ? p.options : []) as Array<{ label?: unknown; value?: unknown }>
  const msg = messages(p)
  const id = uid('kl')
  if (b.type === 'dropdown') {
    const select = el('select', { id, name })
    select.append(el('option', { value: '' }, str(p.placeholder) || 'Select…'))
    for (const o of options) select.append(el('option', { value: str(o.value) }, str(o.label) || str(o.value)))
    const { box, err } = wrap(p, name, select, id)
    field(
      env,
      name,
      b.type,
      select,
      err,
      () => select.value,
      (v) => (!v && p.required ? msg.required : null),
    )
    return box
  }
  const multi = b.type === 'checkboxes'
  const group = el('div', { id, role: multi ? 'group' : 'radiogroup' })
  const inputs: HTMLInputElement[] = []
  for (const o of options) {
    const iid = uid('kl')
    const input = el('input', { id: iid, type: multi ? 'checkbox' : 'radio', name, value: str(o.value) })
    inputs.push(input)
    const label = el('label', { class: 'chk', for: iid })
    label.append(input, document.createTextNode(str(o.label) || str(o.value)))
    group.append(label)
  }
  const { box, err } = wrap(p, name, group, id, true)
  const read = () =>
    multi ? inputs.filter((i) => i.checked).map((i) => i.value) : (inputs.find((i) => i.checked)?.value ?? '')
  field(
    env,
    name,
    b.type,
    group,
    err,
    read,
    (v) => (p.required && (Array.isArray(v) ? v.length === 0 : !v) ? msg.required : null),
    inputs[0] ?? group,
  )
  return box
}

function consentBox(b: Block, env: BlockEnv): HTMLElement {
  const p = b.properties ?? {}
  const id = uid('kl')
  const input = el('input', { id, type: 'checkbox', name: 'opt_in_promotional_sms' })
  const label = el('label', { class: 'chk', for: id })
  label.append(input)
  appendRichText(label, str(p.checkbox_text) || str(p.label) || 'Yes, send me text messages')
  const box = el('div', { class: 'fld' })
  const err = el('p', { class: 'err', id: id + '-e', hidden: '' })
  box.append(label, err)
  field(
    env,
    'opt_in_promotional_sms',
    b.type,
    input,
    err,
    () => input.checked,
    () => null,
  )
  return box
}

const DEFAULT_DISCLOSURE =
  'By submitting this form and signing up via text, you consent to receive marketing text messages (such as promotion codes and cart reminders) at the number provided. Consent is not a condition of any purchase. Message and data rates may apply. Message frequency varies. You can unsubscribe at any time by replying STOP.'

export function renderBlock(b: Block, env: BlockEnv): HTMLElement | null {
  const p = b.properties ?? {}
  switch (b.type) {
    case 'html_text': {
      const box = el('div', { class: 'txt' })
      appendRichText(box, str(p.content))
      return box
    }
    case 'email':
      return textInput(b, env, 'email', '$email', 'Email', { autocomplete: 'email' })
    case 'text':
      return textInput(b, env, 'text', str(p.property_name), str(p.property_name))
    case 'date':
      return textInput(b, env, 'date', str(p.property_name), str(p.property_name))
    case 'phone_number':
      return phone(b, env)
    case 'dropdown':
    case 'checkboxes':
    case 'radio_buttons':
      return choice(b, env)
    case 'promotional_sms_checkbox':
      return consentBox(b, env)
    case 'sms_disclosure': {
      const content = (p.content ?? {}) as Record<string, unknown>
      const box = el('div', { class: 'txt disc' })
      if (content.type === 'custom' && str(content.html)) appendRichText(box, str(content.html))
      else box.textContent = DEFAULT_DISCLOSURE
      return box
    }
    case 'coupon': {
      const box = el('div', { class: 'fld' })
      const code = env.couponCode(b)
      const unique = ((p.coupon ?? {}) as Record<string, unknown>).type === 'unique'
      if (code || unique) {
        const shown = el(
          'strong',
          { class: 'cpn', 'aria-label': 'Coupon code ' + code, ...(code ? {} : { hidden: '' }) },
          code,
        )
        box.append(shown)
        if (unique) env.fillCoupon?.(b, shown)
      }
      if (str(p.success_message)) box.append(el('p', { class: 'txt' }, str(p.success_message)))
      return box
    }
    case 'image': {
      const img = (p.image ?? {}) as Record<string, unknown>
      const src = str(img.src) || str(img.original_image_url)
      if (!/^https?:\/\//i.test(src)) return null
      return el('img', { src, alt: str(img.alt_text), loading: 'lazy' })
    }
    case 'button': {
      const submits = !!b.action?.submit || b.action?.type === 'subscribe_via_sms'
      const btn = el('button', { type: submits ? 'submit' : 'button', class: 'btn' }, str(p.label) || 'Submit')
      if (!submits) btn.addEventListener('click', () => env.onButton(b))
      ;(btn as HTMLButtonElement & { klBlock?: Block }).klBlock = b
      return btn
    }
    default:
      return null
  }
}
