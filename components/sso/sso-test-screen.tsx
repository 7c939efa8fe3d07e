'use client'
// /sso/test: a round trip to the identity provider that signs nobody in and records its result.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { readHttpFailure } from '@/components/auth/http-failure'
import { fetchSsoConfig } from './sso-setup-screen'
import styles from './sso.module.css'

export function SsoTestScreen({ result }: { result: 'ok' | 'failed' | null }) {
  const t = useTranslations('sso')
  const format = useFormatter()
  const { data, error, isLoading, mutate } = useSWR('/ajax/sso/config', fetchSsoConfig)
  const [failed, setFailed] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const start = async () => {
    setPending(true)
    setFailed(null)
    try {
      const r = await http.post<{ redirect: string }>('/ajax/sso/test', {})
      window.location.assign(r.data.redirect)
    } catch (e) {
      setFailed(readHttpFailure(e).message ?? t('failed'))
      setPending(false)
    }
  }
  return (
    <Page>
      <PageHead title={t('testTitle')} description={t('testDescription')} />
      <PageBody>
        <Card>
          <div className={styles.stack}>
            {result === 'ok' && <Notification variant="success">{t('testOk')}</Notification>}
            {result === 'failed' && (
              <Notification variant="error" title={t('testFailed')}>
                {data?.lastTestResult}
              </Notification>
            )}
            {failed && <Notification variant="error">{failed}</Notification>}
            {error && (
              <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
                {t('loadFailed')}
              </Notification>
            )}
            {isLoading && <Spinner label={t('loading')} />}
            {data?.lastTestedAt && (
              <p className={styles.muted}>
                {t('lastTested', {
                  date: format.dateTime(new Date(data.lastTestedAt), { dateStyle: 'medium', timeStyle: 'short' }),
                  result: data.lastTestResult ?? '',
                })}
              </p>
            )}
            <div>
              <Button variant="primary" onClick={start} loading={pending}>
                {t('runTest')}
              </Button>
            </div>
          </div>
        </Card>
      </PageBody>
    </Page>
  )
}
