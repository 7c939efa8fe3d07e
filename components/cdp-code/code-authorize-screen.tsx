'use client'
// /cdp/code/authorize: the one-time consent an owner or admin accepts before the account's
// functions may run, with what the code can and cannot do; once accepted, who did and when.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { AuthorizationDto } from './types'
import styles from './cdp-code.module.css'
import screen from '@/components/ui/form-screen.module.css'

type Loaded = { authorization: AuthorizationDto; canAuthorize: boolean }
const KEY = '/ajax/cdp/code/authorization'

export function CodeAuthorizeScreen() {
  const t = useTranslations('cdpCode')
  const tc = useTranslations('common')
  const format = useFormatter()
  const { data, error, mutate } = useSWR(KEY, (u: string) => http.get<Loaded>(u).then((r) => r.data))
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  async function accept() {
    setBusy(true)
    setFailed(false)
    try {
      const r = await http.post<Loaded>(KEY, {})
      await mutate(r.data, { revalidate: false })
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  let body
  if (error)
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={screen.loading}>
        <Spinner size="large" />
      </div>
    )
  else
    body = (
      <div className={screen.stack}>
        <Card title={t('authorizeWhatTitle')}>
          <div className={screen.form}>
            <p className={screen.help}>{t('authorizeIntro')}</p>
            <span className={styles.label}>{t('authorizeCanTitle')}</span>
            <ul className={styles.list}>
              <li>{t('authorizeCan1')}</li>
              <li>{t('authorizeCan2')}</li>
              <li>{t('authorizeCan3')}</li>
            </ul>
            <span className={styles.label}>{t('authorizeCannotTitle')}</span>
            <ul className={styles.list}>
              <li>{t('authorizeCannot1')}</li>
              <li>{t('authorizeCannot2')}</li>
              <li>{t('authorizeCannot3')}</li>
            </ul>
          </div>
        </Card>
        {data.authorization.accepted ? (
          <Notification variant="success" title={t('authorizedTitle')}>
            {data.authorization.acceptedAt
              ? t('authorizedBy', {
                  who: data.authorization.acceptedBy ?? t('someone'),
                  when: format.dateTime(new Date(data.authorization.acceptedAt), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })
              : null}
          </Notification>
        ) : data.canAuthorize ? (
          <Card title={t('authorizeConsentTitle')}>
            <div className={screen.form}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(e) => setAgreed(e.target.checked)}
                  data-testid="consent-checkbox"
                />
                <span>{t('authorizeAgree')}</span>
              </label>
              {failed && <Notification variant="error">{t('authorizeError')}</Notification>}
              <div className={styles.actions}>
                <Button
                  variant="primary"
                  disabled={!agreed || busy}
                  onClick={() => void accept()}
                  data-testid="accept-consent"
                >
                  {t('authorizeAccept')}
                </Button>
              </div>
            </div>
          </Card>
        ) : (
          <Notification variant="info">{t('authorizeOwnersOnly')}</Notification>
        )}
      </div>
    )

  return (
    <Page>
      <PageHead
        title={t('authorizeTitle')}
        description={t('authorizeDescription')}
        actions={<LinkButton href="/cdp/code/dashboard">{t('backToDashboard')}</LinkButton>}
      />
      <PageBody>{body}</PageBody>
    </Page>
  )
}
