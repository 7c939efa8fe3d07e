'use client'
// /inbox/faq: the FAQ entries, whether FAQ auto-answer is on, and links to add or edit one.
import useSWR from 'swr'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsSave } from '@/components/settings/settings-form-screen'
import type { FaqView } from '@/lib/inbox/automations/faq-entries'
import { INBOX_SETTINGS_KEY, type InboxSettingsLoaded } from './away-message-screen'
import styles from './inbox-settings.module.css'

export const FAQ_KEY = '/ajax/inbox/faq'
const get = <T,>(u: string) => http.get<T>(u).then((r) => r.data)

export function FaqListScreen() {
  const t = useTranslations('inboxSettings')
  const canEdit = usePermission(['account_settings_write'])
  const faqs = useSWR(FAQ_KEY, get<{ faqs: FaqView[] }>)
  const settings = useSWR(INBOX_SETTINGS_KEY, get<InboxSettingsLoaded>)
  const { busy, save } = useSettingsSave({ saved: t('saved'), failed: t('saveError') }, 'toast')
  const auto = settings.data?.settings.faqAutoAnswer ?? false

  const toggle = (on: boolean) =>
    save(async () => {
      const res = await http.put<InboxSettingsLoaded>(`${INBOX_SETTINGS_KEY}/faq`, { faqAutoAnswer: on })
      await settings.mutate(res.data, { revalidate: false })
    })

  return (
    <Page>
      <PageHead
        title={t('faqTitle')}
        description={t('faqDescription')}
        actions={
          canEdit && (
            <LinkButton href="/inbox/faq/new" variant="primary" data-testid="new-faq">
              {t('faqNew')}
            </LinkButton>
          )
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {(faqs.error || settings.error) && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void faqs.mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {settings.data && (
            <Card>
              <label className={styles.toggle}>
                <input
                  type="checkbox"
                  name="faqAutoAnswer"
                  checked={auto}
                  disabled={!canEdit || busy}
                  onChange={(e) => void toggle(e.target.checked)}
                  data-testid="faq-auto-answer"
                />
                <span>
                  {t('faqAutoAnswer')}
                  <br />
                  <span className={styles.help}>{t('faqAutoAnswerHelp')}</span>
                </span>
              </label>
            </Card>
          )}
          {!faqs.data && !faqs.error && (
            <div className={styles.loading}>
              <Spinner size="large" />
            </div>
          )}
          {faqs.data && (
            <Card flush>
              {faqs.data.faqs.length === 0 ? (
                <EmptyState heading={t('faqEmpty')} body={t('faqEmptyBody')} />
              ) : (
                <ul className={styles.list} data-testid="faq-list">
                  {faqs.data.faqs.map((f) => (
                    <li key={f.id} className={styles.row}>
                      <span className={styles.rowText}>
                        <Link href={`/inbox/faq/${f.id}`}>{f.question}</Link>
                        <span className={styles.muted}>{f.phrases.join(', ')}</span>
                      </span>
                      {f.enabled ? <Badge variant="success">{t('on')}</Badge> : <Badge>{t('off')}</Badge>}
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
