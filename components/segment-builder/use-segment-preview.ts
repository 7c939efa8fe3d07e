'use client'
// The live count: once the definition has been still for a moment, ask the server how many
// profiles match. A newer definition cancels the request of an older one.
import { useEffect, useState } from 'react'
import { http } from '@/lib/client/http'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import type { SegmentDefinition } from '@/lib/segments/definition'

export const PREVIEW_URL = '/ajax/segment/preview'
export const PREVIEW_DELAY_MS = 600

export interface PreviewState {
  status: 'idle' | 'counting' | 'done' | 'error'
  count: number | null
  fieldErrors: Record<string, string>
  message: string | null
}

const IDLE: PreviewState = { status: 'idle', count: null, fieldErrors: {}, message: null }

export function useSegmentPreview(definition: SegmentDefinition | null, delayMs = PREVIEW_DELAY_MS): PreviewState {
  const json = definition ? JSON.stringify(definition) : null
  const settled = useDebouncedValue(json, delayMs)
  const [result, setResult] = useState<PreviewState & { for: string | null }>({ ...IDLE, for: null })

  useEffect(() => {
    if (!settled) return
    const controller = new AbortController()
    http
      .post<{ count: number }>(PREVIEW_URL, { definition: JSON.parse(settled) }, { signal: controller.signal })
      .then((r) => setResult({ status: 'done', count: r.data.count, fieldErrors: {}, message: null, for: settled }))
      .catch((e) => {
        if (controller.signal.aborted) return
        const f = readHttpFailure(e)
        setResult({ status: 'error', count: null, fieldErrors: f.fieldErrors, message: f.message, for: settled })
      })
    return () => controller.abort()
  }, [settled])

  if (!json) return IDLE
  // Still typing, or the answer for the current definition has not arrived: counting, with the
  // last figure kept so the number does not flicker away.
  if (result.for !== json) return { status: 'counting', count: result.count, fieldErrors: {}, message: null }
  return result
}
