'use client'
// /kagent/history: every automatic answer the inbox's conversation agent sent, newest first,
// with the customer's message it answered, the rule that chose it and its delivery status.
// Pages load on demand ("Show more" keeps the earlier ones); the channel filter starts over.
import { useState } from 'react'
import Link from 'next/link'
import useSWRInfinite from 'swr/infinite'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { ListAgentAnswersResponse } from '@/lib/kagent/list-agent-answers'
import styles from './kagent.module.css'

const CHANNELS = ['sms', 'whatsapp', 'email', 'chat'] as const
type Answer = ListAgentAnswersResponse['answers'][number]

export function AgentHistoryScreen() {
  const t = useTranslations('kagent')
  const [channel, setChannel] = useState('')
  const { data, error, size, setSize, mutate, isValidating } = useSWRInfinite(
    (i: number, prev: ListAgentAnswersResponse | null) => {
      if (prev && !prev.nextBefore) return null
      const qs = new URLSearchParams()
      if (channel) qs.set('channel', channel)
      if (prev?.nextBefore) qs.set('before', String(prev.nextBefore))
      return `/ajax/kagent/history?${qs}`
    },
    (u: string) => http.get<ListAgentAnswersResponse>(u).then((r) => r.data),
  )
  const answers = data?.flatMap((p) => p.answers) ?? []
  const hasMore = !!data?.[data.length - 1]?.nextBefore

  return (
    <Page>
      <PageHead title={t('historyTitle')} description={t('historyDescription')} />
      <PageBody>
        <div className={styles.stack}>
          <div className={styles.filters}>
            <Select
              label={t('channel')}
              name="channel"
              value={channel}
              data-testid="kagent-channel"
              onChange={(e) => setChannel(e.target.value)}
              options={[
                { value: '', label: t('allChannels') },
                ...CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) })),
              ]}
            />
          </div>
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
          {data && (
            <Card flush>
              {answers.length === 0 ? (
                <EmptyState
                  heading={t('historyEmpty')}
                  body={t('historyEmptyBody')}
                  actions={<Link href="/kagent/knowledge">{t('knowledgeLink')}</Link>}
                />
              ) : (
                <ul className={styles.list} data-testid="kagent-history">
                  {answers.map((a) => (
                    <AnswerItem key={a.id} a={a} />
                  ))}
                </ul>
              )}
              {hasMore && (
                <div className={styles.more}>
                  <Button variant="secondary" disabled={isValidating} onClick={() => void setSize(size + 1)}>
                    {t('showMore')}
                  </Button>
                </div>
              )}
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}

function AnswerItem({ a }: { a: Answer }) {
  const t = useTranslations('kagent')
  const format = useFormatter()
  const failed = a.deliveryStatus && ['failed', 'bounced', 'refused', 'skipped'].includes(a.deliveryStatus)
  return (
    <li className={styles.item}>
      <div className={styles.head}>
        <Link href="/inbox/conversations">{a.profile?.name ?? a.profile?.contact ?? t('unknownProfile')}</Link>
        <span className={styles.muted}>
          {t(`channels.${a.channel as (typeof CHANNELS)[number]}`)} ·{' '}
          {format.dateTime(new Date(a.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
        </span>
      </div>
      {a.question && (
        <>
          <span className={styles.label}>{t('question')}</span>
          <p className={styles.bubble}>{a.question.body}</p>
        </>
      )}
      <span className={styles.label}>{t('answer')}</span>
      <p className={styles.bubble}>{a.answer}</p>
      <div className={styles.head}>
        <span className={styles.muted}>
          {a.rule
            ? t(`rules.${a.rule.kind === 'faq' || a.rule.kind === 'intent' ? a.rule.kind : 'away_message'}`, {
                name: a.rule.name ?? '',
              })
            : t('rules.unknown')}
        </span>
        {a.deliveryStatus && (
          <Badge variant={failed ? 'danger' : a.deliveryStatus === 'delivered' ? 'success' : 'neutral'}>
            {a.deliveryStatus}
          </Badge>
        )}
      </div>
    </li>
  )
}
