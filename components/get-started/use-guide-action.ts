'use client'
// One server call of a guide with its busy flag, field errors and form error.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { readHttpFailure } from '@/components/auth/http-failure'

export function useGuideAction() {
  const t = useTranslations('getStartedGuides')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  async function run<T>(fn: () => Promise<T>): Promise<T | undefined> {
    setBusy(true)
    setErrors({})
    setFormError(null)
    try {
      return await fn()
    } catch (e) {
      const f = readHttpFailure(e)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else setFormError(f.message ?? t('actionError'))
      return undefined
    } finally {
      setBusy(false)
    }
  }
  return { busy, errors, formError, run }
}
