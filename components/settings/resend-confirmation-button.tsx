'use client'
// Sends the sign-up confirmation link again (/ajax/account/email-confirmation/resend).
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'

export function ResendConfirmationButton() {
  const t = useTranslations('emailConfirmation')
  const toast = useToast()
  const [pending, setPending] = useState(false)
  async function resend() {
    setPending(true)
    try {
      await http.post('/ajax/account/email-confirmation/resend', {})
      toast.show({ variant: 'success', content: t('sentToast') })
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('sendError') })
    } finally {
      setPending(false)
    }
  }
  return (
    <Button variant="primary" loading={pending} onClick={resend}>
      {t('resend')}
    </Button>
  )
}
