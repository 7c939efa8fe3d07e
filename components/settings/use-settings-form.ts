'use client'
// The submit cycle every personal/security form shares: pending flag, field errors from a 400,
// a toast for anything else.
import { useState, type FormEvent } from 'react'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'

export function useSettingsForm<T>(
  submit: (form: FormData) => Promise<T>,
  messages: { saved: string; failed: string },
  onDone?: (r: T, form: HTMLFormElement) => void,
) {
  const toast = useToast()
  const [pending, setPending] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    setErrors({})
    setPending(true)
    try {
      const r = await submit(new FormData(form))
      toast.show({ variant: 'success', content: messages.saved })
      onDone?.(r, form)
    } catch (err) {
      const failure = readHttpFailure(err)
      if (Object.keys(failure.fieldErrors).length) setErrors(failure.fieldErrors)
      else toast.show({ variant: 'error', content: failure.message ?? messages.failed })
    } finally {
      setPending(false)
    }
  }
  return { pending, errors, onSubmit }
}
