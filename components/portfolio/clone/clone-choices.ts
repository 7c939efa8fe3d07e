'use client'
// A cross-account clone's choices so far (target account, name, mapping, the request id of its
// start), kept in sessionStorage per source so each step has its own address and a reload keeps
// them. Read through useSyncExternalStore: null on the server and until hydrated.
import { useCallback, useMemo, useSyncExternalStore } from 'react'

export interface CloneChoices {
  targetCompanyId?: number
  targetName?: string
  name?: string
  /** reference key → target id or "create" (chosen by hand; suggestions fill the rest). */
  mapping?: Record<string, string>
  /** Made once per attempt, so a double click or a retried request is one clone. */
  requestId?: string
}

const CHANGED = 'cross-account-clone-choices'
const storageKey = (kind: string, id: string) => `cross-account-clone:${kind}:${id}`

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGED, onChange)
    window.removeEventListener('storage', onChange)
  }
}

function readChoices(k: string): CloneChoices {
  try {
    return JSON.parse(sessionStorage.getItem(k) ?? '{}') as CloneChoices
  } catch {
    return {}
  }
}

export function useCloneChoices(kind: string, id: string) {
  const k = storageKey(kind, id)
  const raw = useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(k) ?? '{}',
    () => null,
  )
  const choices = useMemo<CloneChoices | null>(() => {
    if (raw === null) return null
    try {
      return JSON.parse(raw) as CloneChoices
    } catch {
      return {}
    }
  }, [raw])
  const update = useCallback(
    (patch: Partial<CloneChoices>) => {
      sessionStorage.setItem(k, JSON.stringify({ ...readChoices(k), ...patch }))
      window.dispatchEvent(new Event(CHANGED))
    },
    [k],
  )
  const clear = useCallback(() => {
    sessionStorage.removeItem(k)
    window.dispatchEvent(new Event(CHANGED))
  }, [k])
  return { choices, update, clear }
}
