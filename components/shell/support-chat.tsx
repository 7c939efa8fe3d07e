'use client'
// The support-chat floating button (seed 000 §2, §4 "Support chat"). With a chat provider it
// drives the chat state machine; without one it opens the support form.
import { useEffect, useMemo, useState } from 'react'
import { useTranslations } from 'next-intl'
import { ChatMachine, type ChatState } from '@/lib/client/chat-machine'
import { getChatProvider } from '@/lib/client/chat-provider'
import { documentCookieJar } from '@/lib/client/cookies'
import { reportClientError } from '@/lib/client/report-error'
import { SupportForm } from './support-form'
import styles from './support-chat.module.css'

export function SupportChat({ isAgencyPartner, companyId }: { isAgencyPartner?: boolean; companyId?: number }) {
  const t = useTranslations('chat')
  const provider = useMemo(() => getChatProvider(), [])
  const machine = useMemo(
    () =>
      new ChatMachine({
        cookies: documentCookieJar,
        provider,
        report: (e) => reportClientError(e, 'support-chat'),
        meta: { isAgencyPartner, companyId },
      }),
    [provider, isAgencyPartner, companyId],
  )
  const [state, setState] = useState<ChatState>(() => machine.getState())
  const [formOpen, setFormOpen] = useState(false)

  useEffect(() => {
    const unsubscribe = machine.subscribe(setState)
    if (provider) void machine.resume()
    return () => {
      unsubscribe()
      machine.dispose()
    }
  }, [machine, provider])

  async function onClick() {
    if (!provider) return setFormOpen(true)
    if (machine.getState().status !== 'active') await machine.start()
    await machine.open()
  }

  const error = state.startError ?? state.openError
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => void onClick()}
        aria-label={t('buttonLabel')}
        title={t('buttonLabel')}
        data-testid="support-chat-button"
        data-state={state.status}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"
          />
        </svg>
      </button>
      {error && (
        <p role="status" className={styles.error}>
          {t('unavailable')}
        </p>
      )}
      {!provider && <SupportForm open={formOpen} onClose={() => setFormOpen(false)} />}
    </>
  )
}
