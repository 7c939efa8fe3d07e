'use client'
// /integrations (installed and available apps, search, category filter) and /integrations/add
// (only what is not installed yet). Each tile shows its status, last sync and last error.
import { useMemo, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import { appText, fetchJson, INTEGRATIONS, type DirectoryItem } from './api'
import { AppStatusBadge, AppStatusLines } from './app-status'
import styles from './directory.module.css'

const CATEGORIES = ['ecommerce', 'data_import', 'developer'] as const

function AppTile({ app }: { app: DirectoryItem }) {
  const t = useTranslations('integrations.directory')
  return (
    <Link href={`/integrations/${app.id}`} className={styles.tile} data-testid={`app-${app.id}`}>
      <span className={styles.tileHead}>
        {t(appText(app.id, 'name'))}
        <AppStatusBadge app={app} />
      </span>
      <span className={styles.muted}>{t(appText(app.id, 'summary'))}</span>
      <AppStatusLines app={app} />
    </Link>
  )
}

export function DirectoryScreen({ mode = 'all' }: { mode?: 'all' | 'add' }) {
  const t = useTranslations('integrations.directory')
  const tc = useTranslations('common')
  const { data, error, mutate } = useSWR(`${INTEGRATIONS}/directory`, fetchJson<{ apps: DirectoryItem[] }>)
  const [q, setQ] = useState('')
  const [category, setCategory] = useState('')
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase()
    return (data?.apps ?? []).filter(
      (a) =>
        (!category || a.category === category) &&
        (mode === 'all' || !a.installed) &&
        (!needle || `${t(appText(a.id, 'name'))} ${t(appText(a.id, 'summary'))}`.toLowerCase().includes(needle)),
    )
  }, [data, q, category, mode, t])

  let body
  if (error)
    body = (
      <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  else if (!data)
    body = (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  else {
    const installed = shown.filter((a) => a.installed)
    const available = shown.filter((a) => !a.installed)
    body = (
      <div className={styles.stack}>
        <div className={styles.filters}>
          <TextField label={t('search')} name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          <Select
            label={t('category')}
            name="category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            options={[
              { value: '', label: t('allCategories') },
              ...CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
            ]}
          />
        </div>
        {mode === 'all' && (
          <Card title={t('installedTitle')}>
            {installed.length ? (
              <div className={styles.grid}>
                {installed.map((a) => (
                  <AppTile key={a.id} app={a} />
                ))}
              </div>
            ) : (
              <p className={styles.muted}>{t('installedEmpty')}</p>
            )}
          </Card>
        )}
        <Card title={t('availableTitle')}>
          {available.length ? (
            <div className={styles.grid}>
              {available.map((a) => (
                <AppTile key={a.id} app={a} />
              ))}
            </div>
          ) : (
            <p className={styles.muted}>{t('availableEmpty')}</p>
          )}
        </Card>
      </div>
    )
  }
  return (
    <Page>
      <PageHead
        title={mode === 'add' ? t('addTitle') : t('title')}
        description={mode === 'add' ? t('addDescription') : t('description')}
        actions={
          mode === 'all' && (
            <LinkButton href="/integrations/add" variant="primary">
              {t('addApp')}
            </LinkButton>
          )
        }
      />
      <PageBody>{body}</PageBody>
    </Page>
  )
}
