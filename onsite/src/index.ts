// The onsite script's entry (/onsite/js/klaviyo.js?company_id=…): builds the core from the inlined
// bootstrap, installs the vendor's API over the pre-load queues, identifies by `_kx`, pings the
// install once per session, tracks Active on Site, and starts the forms module.
import { makeApi, replay, type KlaviyoApi } from './api'
import { readBoot } from './boot'
import { createCore } from './context'
import { startForms, startPreview } from './forms-entry'
import { startReviewWidgets } from './reviews-entry'
import { startHubButton } from './hub-button'
import { session } from './storage'

const PING_KEY = '__kl_ping'

type Win = Window & { klaviyo?: unknown; _learnq?: unknown; _klOnsite?: unknown; __klOnsiteLoaded?: boolean }

// The token names a person: off the address bar once read, so a shared or bookmarked URL does not identify someone else.
function dropParam(name: string): void {
  try {
    const url = new URL(location.href)
    url.searchParams.delete(name)
    history.replaceState(history.state, '', url.toString())
  } catch {
    /* sandboxed history */
  }
}

function main(): void {
  const w = window as Win
  const boot = readBoot()
  // A second copy of the tag on the page must not track everything twice.
  if (!boot || w.__klOnsiteLoaded) return
  w.__klOnsiteLoaded = true

  // The form editor's preview frame (/onsite/preview marks its <html>) or ?preview=1 on the tag: forms only, nothing tracked.
  const preview = !!boot.preview || document.documentElement.getAttribute('data-klaviyo-preview') === '1'
  const core = createCore({ ...boot, preview })
  let forms: { openForm(formId: string): void } | null = null
  const api: KlaviyoApi = makeApi(core, () => forms)

  const queued = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice() : [])
  const queues = [queued(w._learnq), queued(w.klaviyo), queued(w._klOnsite)]
  w.klaviyo = api
  // Later _learnq.push / _klOnsite.push calls go straight to the API.
  w._learnq = { push: api.push }
  w._klOnsite = { push: api.push }

  if (preview) {
    startPreview(core)
    return
  }

  // Before the queues replay, so a queued openForm finds the forms.
  if (boot.settings.trackingEnabled && boot.settings.formsEnabled) forms = startForms(core)
  // A merchant's own page opened with ?klaviyo_form_preview= (test on my site) shows that version whatever the settings.
  startPreview(core)
  // Reviews are public content: shown whatever the tracking settings.
  startReviewWidgets(core)
  if (boot.hubButton) startHubButton(boot.baseUrl, boot.companyId)

  const kx = new URLSearchParams(location.search).get('_kx')
  if (kx) dropParam('_kx')
  void (async () => {
    if (kx) await core.exchange(kx)
    await replay(api, queues)
    await core.activeOnSite()
  })()

  // The ping names the store origin only, no visitor: sent before consent too, never with tracking off.
  if (boot.settings.trackingEnabled && !session.get(PING_KEY)) {
    session.set(PING_KEY, '1')
    void fetch(`${boot.baseUrl}/onsite/ping?company_id=${encodeURIComponent(boot.companyId)}`, {
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
    }).catch(() => {})
  }
}

main()
