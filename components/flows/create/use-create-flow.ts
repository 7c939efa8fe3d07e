'use client'
// POST /ajax/flows/create (seed 002 §7.1) from a template key or a blank definition, then the
// builder of the new flow (/flow/{id}/edit).
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { http, isHttpError } from '@/lib/client/http'

export type CreateBody = { name: string; templateKey?: string; definition?: unknown }

export function useCreateFlow() {
  const router = useRouter()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<{ message: string; fieldErrors?: Record<string, string[]> } | null>(null)

  async function create(body: CreateBody, busyKey = 'blank') {
    setBusy(busyKey)
    setError(null)
    try {
      const { data } = await http.post<{ flowId: string }>('/ajax/flows/create', body)
      router.push(`/flow/${encodeURIComponent(data.flowId)}/edit`)
      return data.flowId
    } catch (e) {
      const d = isHttpError(e) ? (e.data as { message?: string; fieldErrors?: Record<string, string[]> } | null) : null
      setError({ message: d?.message ?? (e as Error).message, fieldErrors: d?.fieldErrors })
      setBusy(null)
      return null
    }
  }
  return { create, busy, error }
}
