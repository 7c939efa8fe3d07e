// One form on the page: a host element with a shadow root, the shell of its type (popup and
// full page: modal dialog over a backdrop; flyout: a corner; banner: top or bottom edge;
// embed: inline), the current step, and the flow between steps (submit, next step, success,
// close). Accessible: role=dialog (aria-modal for the modal ones), labelled fields, focus moves
// in on open and back on close, Esc closes, Tab stays inside a modal.
import type { OnsiteContext } from '../types'
import type { Block, FormToShow } from './definition'
import { blocksOf, str } from './definition'
import { el, focusables } from './dom'
import { renderBlock, type Field } from './fields'
import { styleBlock, styleClose, styleForm } from './apply-styles'
import { CSS, placement } from './styles'
import { submitToServer, type SubmitResult } from './submit'

export type CloseReason = 'closed' | 'submitted'

export interface FormHooks {
  /** live: submits for real; preview: steps advance, nothing is written. */
  mode: 'live' | 'preview'
  device: 'desktop' | 'mobile'
  onStep?(step: number): void
  onStepSubmitted?(step: number): void
  onSubscribed?(values: Record<string, unknown>): void
  onClose?(reason: CloseReason): void
  openForm?(formId: string): void
}

export interface MountedForm {
  host: HTMLElement
  close(reason?: CloseReason): void
  showStep(i: number): void
}

const MODAL = new Set(['popup', 'full_screen', 'full_page'])

export function mountForm(
  ctx: OnsiteContext,
  form: FormToShow,
  hooks: FormHooks,
  embedInto?: HTMLElement,
  startStep = 0,
): MountedForm {
  const { def, type } = form
  const host = el('div', { 'data-klaviyo-form': form.formId })
  const root = host.attachShadow({ mode: 'open' })
  root.append(el('style', {}, CSS))
  const modal = !embedInto && MODAL.has(type)
  const label = str(def.properties?.accessible_name) || form.name
  const dialog = el('div', {
    class: 'dlg',
    role: embedInto ? 'region' : 'dialog',
    'aria-label': label,
    ...(modal ? { 'aria-modal': 'true' } : {}),
  })
  let outer: HTMLElement = dialog
  if (embedInto) outer = el('div', { class: 'emb' })
  else if (modal) {
    outer = el('div', { class: 'bd' + (type === 'popup' ? '' : ' full') })
    const clickOutside = def.properties?.click_outside_to_close
    const allowed = clickOutside == null || clickOutside.includes('both') || clickOutside.includes(hooks.device)
    if (allowed) outer.addEventListener('click', (e) => e.target === outer && close('closed'))
  } else {
    outer = el('div', { class: type === 'banner' ? 'ban' : 'fly' })
    Object.assign(outer.style, placement(def.location, type === 'banner' ? 'bottom_center' : 'bottom_right'))
    if (type === 'banner') outer.style.transform = ''
  }
  if (outer !== dialog) outer.append(dialog)
  styleForm(def, dialog, outer, outer.className.split(' ').pop()!)
  root.append(outer)

  const body = el('div')
  dialog.append(body)
  if (!embedInto && def.properties?.show_close_button !== false) {
    const x = el('button', { type: 'button', class: 'x', 'aria-label': 'Close' }, '×')
    styleClose(def, x)
    x.addEventListener('click', () => close('closed'))
    dialog.append(x)
  }

  const values: Record<string, unknown> = {}
  let fields: Field[] = []
  let step = 0
  let closed = false
  let busy = false
  const previous = document.activeElement as HTMLElement | null
  const steps = def.steps ?? []
  const successIndex = steps.length - 1

  function showStep(i: number) {
    step = Math.max(0, Math.min(i, steps.length - 1))
    fields = []
    body.replaceChildren()
    const formEl = el('form', { novalidate: '' })
    // Bots fill every field; people never see this one. A filled honeypot pretends success.
    const hp = el('div', { class: 'hp', 'aria-hidden': 'true' })
    hp.append(el('input', { type: 'text', name: 'kl_website', tabindex: '-1', autocomplete: 'off' }))
    formEl.append(hp)
    const env = { fields, onButton: (b: Block) => void act(b), couponCode, fillCoupon }
    for (const b of blocksOf(steps[step])) {
      const dd = b.properties?.display_device
      if (Array.isArray(dd) && dd.length && !dd.includes('both') && !dd.includes(hooks.device)) continue
      const node = renderBlock(b, env)
      if (!node) continue
      styleBlock(def, b, node)
      formEl.append(node)
    }
    const general = el('p', { class: 'err', role: 'alert', hidden: '' })
    formEl.append(general)
    formEl.addEventListener('submit', (e) => {
      e.preventDefault()
      const submitter = ((e as SubmitEvent).submitter ?? formEl.querySelector('button[type=submit]')) as
        (HTMLButtonElement & { klBlock?: Block }) | null
      if (submitter?.klBlock) void act(submitter.klBlock, general, hp.querySelector('input')!.value !== '')
    })
    body.append(formEl)
    hooks.onStep?.(step)
    if (embedInto) host.style.minHeight = Math.max(host.offsetHeight, parseFloat(host.style.minHeight) || 0) + 'px'
    if (!embedInto) focusFirst()
  }

  function focusFirst() {
    const f = focusables(root)
    const first = f.find((e) => !e.classList.contains('x')) ?? f[0]
    first?.focus()
  }

  function couponCode(b: Block): string {
    const c = ((b.properties ?? {}).coupon ?? {}) as Record<string, unknown>
    // A unique code is assigned by the server once the visitor subscribed (fillCoupon); until
    // then, and in previews, the block's fallback code shows.
    return c.type === 'static' ? str(c.text) : str(c.fallback_coupon_code)
  }

  function fillCoupon(b: Block, target: HTMLElement) {
    void b
    if (hooks.mode !== 'live') return
    const email = typeof values.$email === 'string' && values.$email ? values.$email : null
    const phone = typeof values.$phone_number === 'string' && values.$phone_number ? values.$phone_number : null
    if (!email && !phone) return
    void fetch(`${ctx.baseUrl}/onsite/forms/coupon?company_id=${encodeURIComponent(ctx.companyId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', revision: '2026-07-15' },
      body: JSON.stringify({ form_id: form.formId, form_version_id: form.versionId, email, phone_number: phone }),
    })
      .then((r) => (r.ok ? r.json() : null))
      .then((j: { data?: { code?: unknown } } | null) => {
        const code = j?.data?.code
        if (typeof code !== 'string' || !code) return
        target.textContent = code
        target.setAttribute('aria-label', 'Coupon code ' + code)
        target.hidden = false
      })
      .catch(() => {})
  }

  async function act(b: Block, general?: HTMLElement, honeypot = false) {
    if (busy || closed) return
    const action = b.action ?? { type: 'next_step', submit: false }
    const submits = !!action.submit || action.type === 'subscribe_via_sms'
    if (submits) {
      const ok = await submitStep(b, general, honeypot)
      if (!ok) return
    }
    const p = (action.properties ?? {}) as Record<string, unknown>
    switch (action.type) {
      case 'close':
        return close(submits ? 'submitted' : 'closed')
      case 'skip_to_success':
        return showStep(successIndex)
      case 'open_form':
        close(submits ? 'submitted' : 'closed')
        return hooks.openForm?.(str(p.form_id_to_open))
      case 'redirect': {
        const url = str(p.url)
        if (/^https?:\/\//i.test(url) && hooks.mode === 'live') {
          if (p.new_window) window.open(url, '_blank', 'noopener')
          else location.href = url
        }
        return close(submits ? 'submitted' : 'closed')
      }
      default:
        if (step >= steps.length - 1) return close(submits ? 'submitted' : 'closed')
        return showStep(step + 1)
    }
  }

  async function submitStep(b: Block, general: HTMLElement | undefined, honeypot: boolean): Promise<boolean> {
    let bad: Field | null = null
    for (const f of fields) {
      const msg = f.validate()
      f.showError(msg)
      if (msg && !bad) bad = f
    }
    if (bad) {
      bad.focus()
      return false
    }
    const stepValues: Record<string, unknown> = {}
    for (const f of fields) if (f.name) stepValues[f.name] = f.read()
    for (const a of (b.properties?.additional_fields ?? []) as Array<{ name?: unknown; value?: unknown }>)
      if (str(a.name)) stepValues[str(a.name)] = str(a.value)
    Object.assign(values, stepValues)
    if (honeypot || hooks.mode === 'preview') {
      hooks.onStepSubmitted?.(step)
      return true
    }
    const hasPhone = fields.some((f) => f.kind === 'phone_number')
    const consentBox = fields.find((f) => f.kind === 'promotional_sms_checkbox')
    const { $email, $phone_number } = values
    const properties: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(values))
      if (
        k[0] !== '$' &&
        k !== 'opt_in_promotional_sms' &&
        k in stepValues &&
        v !== '' &&
        !(Array.isArray(v) && !v.length)
      )
        properties[k] = v
    const email = typeof $email === 'string' && $email ? $email : undefined
    const phoneNumber = typeof $phone_number === 'string' && $phone_number ? $phone_number : undefined
    const button = body.querySelector<HTMLButtonElement>('button[type=submit]')
    busy = true
    if (button) button.disabled = true
    let result: SubmitResult
    try {
      result = await submitToServer(ctx, {
        formId: form.formId,
        formName: form.name,
        listId: str(action(b).properties?.list_id) || form.listId,
        email,
        phoneNumber,
        emailConsent: '$email' in stepValues,
        smsConsent: hasPhone && !!phoneNumber && (consentBox ? consentBox.read() === true : true),
        properties,
      })
    } finally {
      busy = false
      if (button) button.disabled = false
    }
    if (!result.ok) {
      let first: Field | null = null
      for (const f of fields) {
        const m = result.errors[f.name] ?? null
        f.showError(m)
        if (m && !first) first = f
      }
      const rest = result.message ?? (first ? '' : (Object.values(result.errors)[0] ?? ''))
      if (general) {
        general.textContent = rest
        general.hidden = !rest
      }
      first?.focus()
      return false
    }
    hooks.onStepSubmitted?.(step)
    if (email || phoneNumber)
      hooks.onSubscribed?.({ ...(email ? { email } : {}), ...(phoneNumber ? { phone_number: phoneNumber } : {}) })
    return true
  }

  function action(b: Block) {
    return b.action ?? { type: 'next_step', properties: null }
  }

  function close(reason: CloseReason = 'closed') {
    if (closed) return
    closed = true
    host.remove()
    document.removeEventListener('keydown', onKey, true)
    if (!embedInto && previous && previous.isConnected) previous.focus()
    hooks.onClose?.(reason)
  }

  function onKey(e: KeyboardEvent) {
    if (embedInto || closed) return
    if (e.key === 'Escape') {
      e.preventDefault()
      close('closed')
    } else if (e.key === 'Tab' && modal) {
      const f = focusables(root)
      if (!f.length) return
      const active = root.activeElement as HTMLElement | null
      const i = active ? f.indexOf(active) : -1
      const next = e.shiftKey ? (i <= 0 ? f.length - 1 : i - 1) : i === f.length - 1 || i < 0 ? 0 : i + 1
      e.preventDefault()
      f[next]!.focus()
    }
  }
  document.addEventListener('keydown', onKey, true)

  if (embedInto) embedInto.replaceChildren(host)
  else document.body.append(host)
  showStep(startStep)
  return { host, close, showStep }
}
