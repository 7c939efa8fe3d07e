'use client'
// Staff enter a consenting customer account; the tab adopts the new session and reloads.
import { useState } from 'react'
import { http } from '@/lib/client/http'
import { sessionStore } from '@/lib/client/session-store'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/shell/toasts'

export function OpenAccountButton({
  companyId,
  label,
  errorText,
}: {
  companyId: number
  label: string
  errorText: string
}) {
  const toast = useToast()
  const [pending, setPending] = useState(false)

  async function open() {
    setPending(true)
    try {
      const res = await http.post<{ redirect?: string }>(`/ajax/staff/account/${companyId}/open`)
      try {
        sessionStore.adopt()
      } catch {
        // Cross-tab notice is best effort.
      }
      window.location.assign(res.data?.redirect ?? '/dashboard')
    } catch {
      toast.show({ variant: 'error', content: errorText })
      setPending(false)
    }
  }

  return (
    <Button size="small" variant="secondary" onClick={open} loading={pending}>
      {label}
    </Button>
  )
}
