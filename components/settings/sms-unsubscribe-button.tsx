'use client'
// The one button of /sms/unsubscribe; the page shows the outcome in place.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'

export function SmsUnsubscribeButton({ token }: { token: string }) {
  const t = useTranslations('smsUnsubscribe')
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'error'>('idle')
  const [message, setMessage] = useState<string | null>(null)
  async function go() {
    setState('busy')
    try {
      await http.post('/ajax/sms/unsubscribe', { token }, { sessionCheck: false })
      setState('done')
    } catch (e) {
      setMessage(readHttpFailure(e).message)
      setState('error')
    }
  }
  if (state === 'done') return <Notification variant="success">{t('doneShort')}</Notification>
  return (
    <>
      <Button variant="primary" loading={state === 'busy'} onClick={go} data-testid="sms-unsubscribe">
        {t('button')}
      </Button>
      {state === 'error' && <Notification variant="error">{message ?? t('failed')}</Notification>}
    </>
  )
}
