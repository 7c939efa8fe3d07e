'use client'
// /email-change-confirmation?token=…: the link from the mail to the new address. The change
// happens on the button, not on opening the page, so a mail scanner that follows links cannot
// spend it.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button, LinkButton } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageHead, PageBody } from '@/components/ui/page'
import styles from './settings.module.css'

export function EmailChangeConfirmation({ token }: { token: string | null }) {
  const t = useTranslations('emailConfirmation')
  const [state, setState] = useState<
    { kind: 'idle' | 'pending' } | { kind: 'done'; email: string } | { kind: 'failed' }
  >(token ? { kind: 'idle' } : { kind: 'failed' })

  async function confirm() {
    setState({ kind: 'pending' })
    try {
      const res = await http.post<{ email: string }>('/ajax/account/email-change/confirm', { token })
      setState({ kind: 'done', email: res.data.email })
    } catch {
      setState({ kind: 'failed' })
    }
  }

  return (
    <Page>
      <PageHead title={t('changeTitle')} />
      <PageBody>
        <Card>
          <div className={styles.stack}>
            {state.kind === 'done' && (
              <Notification variant="success" title={t('changedTitle')}>
                {t('changedBody', { email: state.email })}
              </Notification>
            )}
            {state.kind === 'failed' && (
              <Notification variant="error" title={t('invalidTitle')}>
                {t('invalidBody')}
              </Notification>
            )}
            {(state.kind === 'idle' || state.kind === 'pending') && (
              <>
                <p className={styles.description}>{t('changeBody')}</p>
                <div>
                  <Button variant="primary" loading={state.kind === 'pending'} onClick={confirm}>
                    {t('changeConfirm')}
                  </Button>
                </div>
              </>
            )}
            <div>
              <LinkButton href="/settings/account/personal">{t('personalLink')}</LinkButton>
            </div>
          </div>
        </Card>
      </PageBody>
    </Page>
  )
}
