// The inbox screen's calls to /ajax/inbox (camelCase responses, so keys are not transformed) and
// its poll: every few seconds GET /ajax/inbox/updates with the last ETag; a 304 means nothing
// changed, a 200 brings the open thread's messages after the cursor and its replies' delivery
// statuses, and the list is reloaded.
import { useEffect, useRef } from 'react'
import { http } from '@/lib/client/http'
import type { InboxUpdatesResponse } from '@/app/ajax/inbox/updates/route'

export const POLL_MS = 4000
const RAW = { transformKeys: false } as const

export const patchJson = <T>(url: string, body: unknown) => http.patch<T>(url, body, RAW).then((r) => r.data)

/** A fresh id per reply or note: the server sends a request id once, however often it is retried. */
export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replace(/-/g, '')
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`

/** Polls while `enabled`: with a conversation, its messages after `cursor`; without one, changes to the list. */
export function useInboxPoll(
  conversationId: number | null,
  cursor: number,
  onChange: (u: InboxUpdatesResponse) => void,
  enabled = true,
): void {
  const etag = useRef<string | null>(null)
  const latest = useRef({ cursor, onChange })
  useEffect(() => {
    latest.current = { cursor, onChange }
  })
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    etag.current = null
    const tick = async () => {
      try {
        const qs = new URLSearchParams()
        if (conversationId) {
          qs.set('conversation', String(conversationId))
          qs.set('after', String(latest.current.cursor))
        }
        const res = await fetch(`/ajax/inbox/updates?${qs}`, {
          credentials: 'same-origin',
          headers: etag.current ? { 'if-none-match': etag.current } : {},
          cache: 'no-store',
        })
        if (res.status === 200 && !stopped) {
          etag.current = res.headers.get('etag')
          latest.current.onChange((await res.json()) as InboxUpdatesResponse)
        }
      } catch {
        // Offline for a moment: the next tick tries again.
      }
      if (!stopped) timer = setTimeout(tick, POLL_MS)
    }
    timer = setTimeout(tick, POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [conversationId, enabled])
}
