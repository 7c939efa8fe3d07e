'use client'
// The cross-account clone wizard's choices, kept in sessionStorage per flow so each step is its
// own address (/flow/{id}/cross-account-clone/{select,name,map,review}) and a reload keeps them.
// Read through useSyncExternalStore: null on the server and until hydrated.
import { useCallback, useMemo, useSyncExternalStore } from 'react'

export const CLONE_STEPS = ['select', 'name', 'map', 'review'] as const
export type CloneStep = (typeof CLONE_STEPS)[number]

export interface CloneChoices {
  targetCompanyId?: number
  targetName?: string
  name?: string
  /** `${kind}:${id}` → a target id or "create". */
  mapping?: Record<string, string>
}

const key = (flowId: string) => `flow-cross-account-clone:${flowId}`
const CHANGED = 'flow-clone-choices'

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGED, onChange)
    window.removeEventListener('storage', onChange)
  }
}

export function useCloneChoices(flowId: string) {
  const raw = useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(key(flowId)) ?? '{}',
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
      let current: CloneChoices = {}
      try {
        current = JSON.parse(sessionStorage.getItem(key(flowId)) ?? '{}') as CloneChoices
      } catch {
        /* a broken entry starts over */
      }
      sessionStorage.setItem(key(flowId), JSON.stringify({ ...current, ...patch }))
      window.dispatchEvent(new Event(CHANGED))
    },
    [flowId],
  )
  const clear = useCallback(() => sessionStorage.removeItem(key(flowId)), [flowId])
  return { choices, update, clear }
}
