// Form activity for the reports (F4's POST /onsite/forms/activity): queued, then sent in
// batches of at most 50 with navigator.sendBeacon (text/plain, no preflight) when the page is
// hidden or left, and a few seconds after the last event. event_key makes a resend count once:
// visitor + version + kind + step + a nonce per page view.
import type { OnsiteContext } from '../types'

export type ActivityKind =
  'qualified_form' | 'viewed_form' | 'closed_form' | 'viewed_form_step' | 'submitted_form_step' | 'submits'

export interface Beacons {
  push(formId: string, versionId: number, kind: ActivityKind, step?: number): void
  flush(): void
}

export function beacons(ctx: OnsiteContext): Beacons {
  const nonce = Math.random().toString(36).slice(2, 10) + ctx.now().toString(36)
  const queue: Array<Record<string, unknown>> = []
  const seen = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const url = `${ctx.baseUrl}/onsite/forms/activity?company_id=${encodeURIComponent(ctx.companyId)}`

  function flush() {
    if (timer) clearTimeout(timer)
    timer = undefined
    while (queue.length) {
      const body = JSON.stringify({ events: queue.splice(0, 50) })
      const blob = new Blob([body], { type: 'text/plain' })
      if (!(navigator.sendBeacon && navigator.sendBeacon(url, blob)))
        void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(
          () => {},
        )
    }
  }
  addEventListener('pagehide', flush)
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush())

  return {
    push(formId, versionId, kind, step) {
      const visitor = ctx.identity().anonymousId
      const key = `${visitor}:${versionId}:${kind}:${step ?? ''}:${nonce}`
      if (seen.has(key)) return
      seen.add(key)
      queue.push({
        form_id: formId,
        form_version_id: versionId,
        kind,
        ...(step !== undefined ? { step } : {}),
        visitor_id: visitor,
        event_key: key,
        occurred_at: new Date(ctx.now()).toISOString(),
      })
      if (timer) clearTimeout(timer)
      timer = setTimeout(flush, 3000)
    },
    flush,
  }
}
