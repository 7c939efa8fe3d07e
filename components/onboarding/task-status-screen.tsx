'use client'
// /account/worker/{taskId}/status: a background job's state, polled until it finishes.
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { LinkButton } from '@/components/ui/button'
import styles from './onboarding.module.css'

interface TaskStatus {
  id: number
  type: string
  status: 'queued' | 'running' | 'done' | 'dead'
  finished: boolean
  failed: boolean
}

export function TaskStatusScreen({ taskId }: { taskId: string }) {
  const t = useTranslations('onboarding')
  const { data, error } = useSWR(
    `/ajax/onboarding/task/${encodeURIComponent(taskId)}`,
    (url: string) => http.get<TaskStatus>(url).then((r) => r.data),
    { refreshInterval: (d) => (d?.finished ? 0 : 2000), shouldRetryOnError: false },
  )
  return (
    <Page>
      <PageHead title={t('taskTitle')} />
      <PageBody>
        {error ? (
          <Notification variant="error">{t('taskNotFound')}</Notification>
        ) : !data ? (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        ) : (
          <div className={styles.form} data-testid="task-status">
            <Notification variant={data.failed ? 'error' : data.finished ? 'success' : 'info'}>
              {t(`taskStatus.${data.status}`)}
            </Notification>
            {!data.finished && <Spinner />}
            <LinkButton href="/get-started">{t('backToGuides')}</LinkButton>
          </div>
        )}
      </PageBody>
    </Page>
  )
}
