// The signup forms of the onsite script: fetch the company's live forms, decide per form with
// the shared targeting engine, render (popup, flyout, full page, banner, embedded, teaser),
// submit through /client, and beacon activity for the reports. startPreview renders a form the
// editor posts (the /onsite/preview page) or the version a test/live token names.
import { evaluateTargeting, isMobileWidth } from '../../../lib/forms/targeting/evaluate-targeting'
import { pickVariation } from '../../../lib/forms/targeting/pick-variation'
import type { PageState } from '../../../lib/forms/targeting/types'
import type { LiveForm, LiveFormsPayload } from '../../../lib/onsite/forms/types'
import type { OnsiteContext } from '../types'
import { beacons, type Beacons } from './beacons'
import type { FormToShow, Version } from './definition'
import { el } from './dom'
import { readHistory, recordHistory } from './history'
import { pageSignals, type PageSignals } from './page-signals'
import { mountForm, type MountedForm } from './render-form'
import { CSS, placement } from './styles'

const PREVIEW_PARAM = 'klaviyo_form_preview'
const BEHAVIOUR = new Set(['delay', 'exit_intent', 'scroll_percentage', 'page_visits'])

const device = (): 'desktop' | 'mobile' => (isMobileWidth(innerWidth) ? 'mobile' : 'desktop')
const isPreviewPage = () => document.documentElement.getAttribute('data-klaviyo-preview') === '1'
const previewToken = () => new URLSearchParams(location.search).get(PREVIEW_PARAM)

function toShow(f: LiveForm, visitorId: string): FormToShow & { audience?: LiveForm['audience'] } {
  let versionId = f.form_version_id
  let def = f.definition as unknown as Version
  let audience = f.audience
  if (f.experiment?.variations.length) {
    const v = pickVariation(visitorId, f.experiment.id, f.experiment.variations)
    if (v) {
      versionId = v.form_version_id
      def = v.definition as unknown as Version
      audience = v.audience
    }
  }
  const type = def.type === 'embed' || f.form_type === 'embed' ? 'embed' : def.type || f.form_type
  return { formId: f.form_id, versionId, name: f.name, listId: f.list_id, type, def, audience }
}

function embedTargets(formId: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`div.klaviyo-form-${CSS_ESCAPE(formId)}`)].filter(
    (d) => !d.querySelector('[data-klaviyo-form]'),
  )
}
const CSS_ESCAPE = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '')

/** Embedded forms keep last time's height from the start, so the page does not jump. */
function reserveEmbedHeights(ctx: OnsiteContext) {
  for (const d of document.querySelectorAll<HTMLElement>('div[class*="klaviyo-form-"]')) {
    const id = /klaviyo-form-([A-Za-z0-9_-]+)/.exec(d.className)?.[1]
    const h = id && Number(ctx.storage.get(`kl_h_${id}`))
    if (h && !d.style.minHeight) d.style.minHeight = h + 'px'
  }
}

interface Runtime {
  ctx: OnsiteContext
  beacons: Beacons | null
  signals: PageSignals
  loadedAt: number
  country: string | null
  forms: Map<string, FormToShow & { audience?: LiveForm['audience'] }>
  modalOpen: boolean
}

function open(rt: Runtime, form: FormToShow, embedInto?: HTMLElement, preview = false): MountedForm {
  const { ctx, beacons: b } = rt
  const track = (kind: Parameters<Beacons['push']>[2], step?: number) =>
    !preview && b?.push(form.formId, form.versionId, kind, step)
  const modal = !embedInto && form.type !== 'embed'
  if (modal) rt.modalOpen = true
  track('viewed_form')
  const mounted = mountForm(
    ctx,
    form,
    {
      mode: preview ? 'preview' : 'live',
      device: device(),
      onStep: (s) => track('viewed_form_step', s),
      onStepSubmitted: (s) => track('submitted_form_step', s),
      onSubscribed(identity) {
        track('submits')
        recordHistory(ctx, form.formId, 'submitted')
        ctx.giveConsent()
        void ctx.identify(identity).catch(() => {})
      },
      onClose(reason) {
        if (modal) rt.modalOpen = false
        if (reason === 'closed') {
          track('closed_form')
          if (!preview) recordHistory(ctx, form.formId, 'closed')
          showTeaser(rt, form, 'after')
        }
      },
      openForm: (id) => openById(rt, id),
    },
    embedInto,
  )
  if (embedInto)
    requestAnimationFrame(
      () => mounted.host.offsetHeight && ctx.storage.set(`kl_h_${form.formId}`, String(mounted.host.offsetHeight)),
    )
  return mounted
}

function openById(rt: Runtime, formId: string) {
  const f = rt.forms.get(formId)
  if (!f) return
  if (f.type === 'embed') embedTargets(formId).forEach((d) => open(rt, f, d))
  else open(rt, f)
}

/** The teaser of a closed popup or flyout: a small button that opens the form again. */
function showTeaser(rt: Runtime, form: FormToShow, when: 'before' | 'after') {
  const t = form.def.teasers?.[0]
  if (!t || form.type === 'embed' || !t.content) return
  const order = t.display_order ?? 'after'
  if (order !== 'before_and_after' && order !== when) return
  if (t.device_type && t.device_type !== 'both' && t.device_type !== device()) return
  const host = el('div', { 'data-klaviyo-teaser': form.formId })
  const root = host.attachShadow({ mode: 'open' })
  const box = el('div', { class: 'tz' })
  Object.assign(box.style, placement(t.location, 'bottom_left'))
  const btn = el(
    'button',
    { type: 'button', class: 'open', 'aria-haspopup': 'dialog' },
    t.content.replace(/<[^>]*>/g, '').slice(0, 200),
  )
  btn.addEventListener('click', () => {
    host.remove()
    open(rt, form)
  })
  box.append(btn)
  if (t.close_button !== false) {
    const x = el('button', { type: 'button', class: 'x', 'aria-label': 'Dismiss' }, '×')
    x.addEventListener('click', () => host.remove())
    box.append(x)
  }
  root.append(el('style', {}, CSS), box)
  document.body.append(host)
}

function pageState(rt: Runtime, form: { audience?: LiveForm['audience'] }): PageState {
  const { ctx, signals } = rt
  return {
    url: location.href,
    deviceWidth: innerWidth,
    loadedAt: rt.loadedAt,
    scrollPercent: signals.scrollPercent(),
    pageViews: ctx.pageViews(),
    exitIntent: signals.exitIntent(),
    identified: ctx.isIdentified(),
    country: rt.country,
    audience: form.audience,
  }
}

function schedule(rt: Runtime, form: FormToShow & { audience?: LiveForm['audience'] }) {
  let qualified = false
  let teased = false
  const decide = () => {
    const triggers = form.def.triggers ?? []
    const d = evaluateTargeting({
      triggers: form.type === 'embed' ? triggers.filter((t) => !BEHAVIOUR.has(t.type)) : triggers,
      evaluation: form.def.properties?.rule_based_trigger_evaluation,
      page: pageState(rt, form),
      history: readHistory(rt.ctx, form.formId),
      now: rt.ctx.now(),
    })
    if (d.kind === 'never') return
    if (d.kind === 'wait') {
      if (!teased && form.def.teasers?.[0]?.display_order?.startsWith('before')) {
        teased = true
        showTeaser(rt, form, 'before')
      }
      if (d.untilMs !== undefined) setTimeout(decide, Math.max(0, d.untilMs - rt.ctx.now()))
      for (const e of d.events) rt.signals.on(e, decide)
      return
    }
    if (qualified) return
    qualified = true
    rt.beacons?.push(form.formId, form.versionId, 'qualified_form')
    if (form.type === 'embed') return mountEmbeds(rt, form)
    if (rt.modalOpen) return void setTimeout(() => ((qualified = false), decide()), 1000)
    document.querySelector(`[data-klaviyo-teaser="${CSS_ESCAPE(form.formId)}"]`)?.remove()
    open(rt, form)
  }
  decide()
}

function mountEmbeds(rt: Runtime, form: FormToShow) {
  const fill = () => embedTargets(form.formId).forEach((d) => open(rt, form, d))
  fill()
  // Store themes add sections late (single-page apps, lazy footers): embed into those too.
  new MutationObserver(fill).observe(document.body, { childList: true, subtree: true })
}

export function startForms(ctx: OnsiteContext): { openForm(formId: string): void } {
  const rt: Runtime = {
    ctx,
    beacons: null,
    signals: pageSignals(),
    loadedAt: ctx.now(),
    country: null,
    forms: new Map(),
    modalOpen: false,
  }
  const api = { openForm: (formId: string) => openById(rt, formId) }
  if (isPreviewPage() || previewToken()) return api
  reserveEmbedHeights(ctx)
  rt.beacons = beacons(ctx)
  const who = ctx.identity()
  const q = new URLSearchParams({ company_id: ctx.companyId, anonymous_id: who.anonymousId })
  if (who.email) q.set('email', who.email)
  if (who.phoneNumber) q.set('phone_number', who.phoneNumber)
  void fetch(`${ctx.baseUrl}/onsite/forms?${q}`)
    .then((r) => (r.ok ? (r.json() as Promise<LiveFormsPayload>) : null))
    .then((payload) => {
      if (!payload || !payload.settings.formsEnabled) return
      rt.country = payload.country ?? null
      for (const f of payload.forms) {
        const form = toShow(f, who.anonymousId)
        rt.forms.set(form.formId, form)
        schedule(rt, form)
      }
    })
    .catch(() => {})
  return api
}

export function startPreview(ctx: OnsiteContext): void {
  const rt: Runtime = {
    ctx,
    beacons: null,
    signals: pageSignals(),
    loadedAt: ctx.now(),
    country: null,
    forms: new Map(),
    modalOpen: false,
  }
  const token = previewToken()
  if (token) {
    const q = new URLSearchParams({ company_id: ctx.companyId, token })
    void fetch(`${ctx.baseUrl}/onsite/forms/preview?${q}`)
      .then((r) => (r.ok ? (r.json() as Promise<{ form: LiveForm }>) : null))
      .then((res) => res && showPreview(rt, toShow(res.form, ctx.identity().anonymousId)))
      .catch(() => {})
    return
  }
  if (!isPreviewPage()) return
  const productOrigin = new URL(ctx.baseUrl, location.href).origin
  let current: MountedForm | null = null
  addEventListener('message', (e: MessageEvent) => {
    // Only the editor (our own origin) may drive the preview.
    if (e.origin !== productOrigin || !e.data || e.data.type !== 'klaviyo-form-preview') return
    const def = e.data.definition as Version
    if (!def || !Array.isArray(def.steps)) return
    current?.close()
    const type = def.type || 'popup'
    const form: FormToShow = {
      formId: String(e.data.formId ?? 'preview'),
      versionId: 0,
      name: 'Preview',
      listId: null,
      type,
      def,
    }
    current = showPreview(rt, form, Number(e.data.step) || 0)
  })
  if (parent !== window) parent.postMessage({ type: 'klaviyo-form-preview-ready' }, productOrigin)
}

function showPreview(rt: Runtime, form: FormToShow, step = 0): MountedForm {
  if (form.type !== 'embed') {
    const m = open(rt, form, undefined, true)
    if (step) m.showStep(step)
    return m
  }
  const box = el('div', { class: `klaviyo-form-${CSS_ESCAPE(form.formId)}` })
  box.style.cssText = 'max-width:640px;margin:24px auto'
  document.body.append(box)
  const m = open(rt, form, box, true)
  if (step) m.showStep(step)
  const close = m.close
  return { ...m, close: () => (close(), box.remove()) }
}
