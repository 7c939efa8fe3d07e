'use client'
// The /translate views (template, campaign, variation, flow message, profile campaign,
// segment-and-send, saved content): the strings of what the editor opened beside one target
// language at a time. Languages come from the product's locales; a language marked ready is
// used by sends to recipients whose locale has that language; an empty string sends the original.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useLocale, useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { translationsApi, type TranslationTargetKind } from './translations-api'
import { TranslationEditor } from './translation-editor'
import styles from './translate.module.css'

/** The locale's name in the reader's language, e.g. "French (France)". */
export function useLocaleName() {
  const ui = useLocale()
  return (locale: string) => {
    try {
      return new Intl.DisplayNames([ui, 'en'], { type: 'language', fallback: 'code' }).of(locale) ?? locale
    } catch {
      return locale
    }
  }
}

export function TranslationScreen({
  kind,
  id,
  backHref,
}: {
  kind: TranslationTargetKind
  id: string
  backHref: string
}) {
  const t = useTranslations('templateTranslate')
  const toast = useToast()
  const nameOf = useLocaleName()
  const canWrite = usePermission('templates_write')
  const api = translationsApi(kind, id)
  const { data, error, mutate } = useSWR(['template-translations', kind, id], () => api.list())
  const [picked, setPicked] = useState<string | null>(null)
  const [adding, setAdding] = useState('')
  const [busy, setBusy] = useState(false)

  if (error) {
    const missing = isHttpError(error) && error.status === 404
    return (
      <Page>
        {missing ? (
          <EmptyState
            heading={t('notFound')}
            body={t('notFoundBody')}
            actions={<Link href={backHref}>{t('back')}</Link>}
          />
        ) : (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
      </Page>
    )
  }
  if (!data)
    return (
      <Page>
        <Spinner size="large" />
      </Page>
    )

  const added = new Set(data.translations.map((x) => x.locale))
  const available = data.locales.filter((l) => !added.has(l))
  const current = picked && added.has(picked) ? picked : (data.translations[0]?.locale ?? null)

  async function add() {
    if (!adding) return
    setBusy(true)
    try {
      await api.add(adding)
      await mutate()
      setPicked(adding)
      setAdding('')
    } catch {
      toast.show({ variant: 'error', content: t('addError') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('title', { name: data.name })}
        description={t('description')}
        actions={
          <Link href={backHref} data-testid="translate-back">
            {t('back')}
          </Link>
        }
      />
      <PageBody>
        <div className={styles.languages} role="group" aria-label={t('languages')}>
          {data.translations.map((x) => (
            <button
              key={x.locale}
              type="button"
              className={styles.language}
              aria-pressed={x.locale === current}
              onClick={() => setPicked(x.locale)}
              data-testid={`language-${x.locale}`}
            >
              {nameOf(x.locale)}
              <Badge variant={x.ready ? 'success' : 'neutral'}>{x.ready ? t('ready') : t('draft')}</Badge>
              <span>{t('progress', { done: x.translated, total: data.strings.length })}</span>
            </button>
          ))}
          {canWrite && available.length > 0 && (
            <div className={styles.add}>
              <Select
                label={t('addLanguage')}
                name="add-language"
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
                options={[
                  { value: '', label: t('chooseLanguage') },
                  ...available.map((l) => ({ value: l, label: nameOf(l) })),
                ]}
              />
              <Button onClick={() => void add()} loading={busy} disabled={!adding} data-testid="add-language">
                {t('add')}
              </Button>
            </div>
          )}
        </div>
        {data.strings.length === 0 ? (
          <EmptyState heading={t('noStrings')} body={t('noStringsBody')} />
        ) : current ? (
          <TranslationEditor
            key={current}
            api={api}
            locale={current}
            localeName={nameOf(current)}
            strings={data.strings}
            canWrite={canWrite}
            onChanged={() => void mutate()}
            onRemoved={() => {
              setPicked(null)
              void mutate()
            }}
          />
        ) : (
          <EmptyState heading={t('noLanguages')} body={t('noLanguagesBody')} />
        )}
      </PageBody>
    </Page>
  )
}
