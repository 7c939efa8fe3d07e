'use client'
// /people/subscribers: everyone who can receive email marketing right now (the vendor's rule: not
// suppressed and not unsubscribed, so people who never subscribed count too, and the screen says
// so), or all profiles; filtered by consent, sorted, exported as shown.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import type { SubscriberRow } from '@/components/lists/types'
import { PeopleTableScreen } from './people-table-screen'
import { ProfileLink } from './profile-link'
import styles from './people.module.css'

// ProfileConsent statuses (the seed's subscribed, unsubscribed, pending, never_subscribed).
const CONSENT_STATES = ['subscribed', 'unsubscribed', 'pending', 'never_subscribed'] as const
type ConsentState = (typeof CONSENT_STATES)[number]
const SORTS = ['created_desc', 'created_asc', 'email_asc', 'email_desc', 'consented_desc'] as const
type Sort = (typeof SORTS)[number]
type View = 'subscribers' | 'all'

export function SubscribersScreen() {
  const t = useTranslations('people')
  const format = useFormatter()
  const toast = useToast()
  const canExport = usePermission('exports_emails')
  const [view, setView] = useState<View>('subscribers')
  const [consent, setConsent] = useState<ConsentState | ''>('')
  const [sort, setSort] = useState<Sort>('created_desc')
  const [exporting, setExporting] = useState(false)
  const consentLabel = (c: string | null) =>
    c && (CONSENT_STATES as readonly string[]).includes(c) ? t(`consent.${c}`) : t('consent.never_subscribed')
  const date = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium' }) : '—')
  // Unsubscribed people can never receive email marketing: that filter only makes sense over all profiles.
  const consentChoices = view === 'subscribers' ? CONSENT_STATES.filter((c) => c !== 'unsubscribed') : CONSENT_STATES

  async function exportShown(search?: string) {
    setExporting(true)
    try {
      const res = await http.post<{ download: { rowCount: number } }>('/ajax/people/subscribers/export', {
        view,
        consent: consent || undefined,
        sort,
        search,
      })
      toast.show({
        variant: 'success',
        content: t('exportDone', { count: res.data.download.rowCount }),
        action: { label: t('viewDownloads'), href: '/downloads' },
      })
    } catch (e) {
      const f = readHttpFailure(e)
      toast.show({ variant: 'error', content: Object.values(f.fieldErrors)[0] ?? f.message ?? t('exportError') })
    } finally {
      setExporting(false)
    }
  }

  return (
    <PeopleTableScreen<SubscriberRow>
      url="/ajax/people/subscribers"
      title={view === 'subscribers' ? t('subscribersTitle') : t('allProfilesTitle')}
      description={view === 'subscribers' ? t('subscribersDescription') : t('allProfilesDescription')}
      testId="subscribers-table"
      filters={{
        view: view === 'all' ? 'all' : undefined,
        consent: consent || undefined,
        sort: sort === 'created_desc' ? undefined : sort,
      }}
      notice={
        view === 'subscribers' && (
          <Notification variant="info" title={t('whoCountsTitle')}>
            <span data-testid="subscribers-explainer">{t('whoCountsBody')}</span>
          </Notification>
        )
      }
      renderActions={
        canExport
          ? ({ search }) => (
              <Button onClick={() => void exportShown(search)} loading={exporting} data-testid="people-export">
                {t('exportShown')}
              </Button>
            )
          : undefined
      }
      renderFilters={(resetPage) => (
        <>
          <Select
            className={styles.filter}
            label={t('viewFilter')}
            name="view"
            value={view}
            data-testid="people-view"
            onChange={(e) => {
              const next = e.target.value as View
              setView(next)
              if (next === 'subscribers' && consent === 'unsubscribed') setConsent('')
              resetPage()
            }}
            options={[
              { value: 'subscribers', label: t('viewSubscribers') },
              { value: 'all', label: t('viewAll') },
            ]}
          />
          <Select
            className={styles.filter}
            label={t('consentFilter')}
            name="consent"
            value={consent}
            data-testid="consent-filter"
            onChange={(e) => {
              setConsent(e.target.value as ConsentState | '')
              resetPage()
            }}
            options={[
              { value: '', label: t('allConsent') },
              ...consentChoices.map((c) => ({ value: c, label: t(`consent.${c}`) })),
            ]}
          />
          <Select
            className={styles.filter}
            label={t('sortLabel')}
            name="sort"
            value={sort}
            data-testid="people-sort"
            onChange={(e) => {
              setSort(e.target.value as Sort)
              resetPage()
            }}
            options={SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
          />
        </>
      )}
      emptyTitle={view === 'subscribers' ? t('subscribersEmptyTitle') : t('allProfilesEmptyTitle')}
      emptyBody={view === 'subscribers' ? t('subscribersEmptyBody') : t('allProfilesEmptyBody')}
      columns={[
        { key: 'person', header: t('colPerson') },
        { key: 'phone', header: t('colPhone') },
        { key: 'consent', header: t('colConsent') },
        { key: 'consentedAt', header: t('colConsentedAt'), align: 'right' },
        { key: 'createdAt', header: t('colCreated'), align: 'right' },
      ]}
      toRow={(r) => ({
        id: r.profileId,
        person: <ProfileLink person={r} />,
        phone: r.phoneNumber ?? '—',
        consent: <Badge variant={r.consent === 'subscribed' ? 'success' : 'neutral'}>{consentLabel(r.consent)}</Badge>,
        consentedAt: <span className={styles.nowrap}>{date(r.consentedAt)}</span>,
        createdAt: <span className={styles.nowrap}>{date(r.createdAt)}</span>,
      })}
    />
  )
}
