'use client'
// /kagent/knowledge: the FAQ entries the conversation agent answers from, with how often each
// answered and when last; editing stays on the inbox's FAQ screens (one place to change them).
import useSWR from 'swr'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { ListAgentKnowledgeResponse } from '@/lib/kagent/list-agent-knowledge'
import styles from './kagent.module.css'

export function AgentKnowledgeScreen() {
  const t = useTranslations('kagent')
  const format = useFormatter()
  const { data, error, mutate } = useSWR('/ajax/kagent/knowledge', (u: string) =>
    http.get<ListAgentKnowledgeResponse>(u).then((r) => r.data),
  )
  return (
    <Page>
      <PageHead
        title={t('knowledgeTitle')}
        description={t('knowledgeDescription')}
        actions={
          <LinkButton href="/inbox/faq" variant="secondary">
            {t('manageFaq')}
          </LinkButton>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && (
            <div className={styles.loading}>
              <Spinner size="large" label={t('loading')} />
            </div>
          )}
          {data && !data.autoAnswer && <Notification variant="info">{t('autoAnswerOff')}</Notification>}
          {data && (
            <Card flush>
              {data.entries.length === 0 ? (
                <EmptyState
                  heading={t('knowledgeEmpty')}
                  body={t('knowledgeEmptyBody')}
                  actions={<Link href="/inbox/faq/new">{t('addFaq')}</Link>}
                />
              ) : (
                <ul className={styles.list} data-testid="kagent-knowledge">
                  {data.entries.map((e) => (
                    <li key={e.id} className={styles.item}>
                      <div className={styles.head}>
                        <Link href={`/inbox/faq/${e.id}`}>{e.question}</Link>
                        {e.enabled ? <Badge variant="success">{t('on')}</Badge> : <Badge>{t('off')}</Badge>}
                      </div>
                      <p className={styles.bubble}>{e.answer}</p>
                      <span className={styles.muted}>{e.phrases.join(', ')}</span>
                      <span className={styles.muted}>
                        {e.lastAnsweredAt
                          ? t('used', {
                              count: e.answered,
                              date: format.dateTime(new Date(e.lastAnsweredAt), { dateStyle: 'medium' }),
                            })
                          : t('neverUsed')}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
