'use client'
// True after hydration: portals need document.body, which the server render does not have.
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
