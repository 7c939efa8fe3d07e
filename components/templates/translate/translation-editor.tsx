'use client'
// One language of a /translate view: each original beside its translation (empty: the original
// is sent), saved together; "ready" lets sends use it. Export and import as a file for a translator.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import type { TranslatableString } from '@/lib/templates/translations/translatable-strings'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import type { translationsApi } from './translations-api'
import { TranslationFilePanel } from './translation-file-panel'
import styles from './translate.module.css'

type Api = ReturnType<typeof translationsApi>

function useKindLabel() {
  const t = useTranslations('templateTranslate')
  const labels: Record<TranslatableString['kind'], string> = {
    subject: t('kindSubject'),
    preview_text: t('kindPreview'),
    heading: t('kindHeading'),
    text: t('kindText'),
    button: t('kindButton'),
    image_alt: t('kindImageAlt'),
    product: t('kindProduct'),
    html: t('kindHtml'),
  }
  return (k: TranslatableString['kind']) => labels[k]
}

export function TranslationEditor({
  api,
  locale,
  localeName,
  strings,
  canWrite,
  onChanged,
  onRemoved,
}: {
  api: Api
  locale: string
  localeName: string
  strings: TranslatableString[]
  canWrite: boolean
  onChanged: () => void
  onRemoved: () => void
}) {
  const t = useTranslations('templateTranslate')
  const toast = useToast()
  const kindLabel = useKindLabel()
  const { data, error, mutate } = useSWR(['template-translation', locale, api.fileUrl(locale, 'csv')], () =>
    api.get(locale),
  )
  const [edits, setEdits] = useState<Record<string, string>>({})
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [saving, setSaving] = useState(false)
  const [confirming, setConfirming] = useState(false)

  if (error)
    return (
      <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
        {t('loadError')}
      </Notification>
    )
  if (!data) return <Spinner />

  const value = (id: string) => edits[id] ?? data.strings[id] ?? ''
  const dirty = Object.keys(edits).length > 0

  async function save(ready?: boolean) {
    setSaving(true)
    setFieldErrors({})
    try {
      const saved = await api.save(locale, { strings: edits, ...(ready !== undefined ? { ready } : {}) })
      await mutate(saved, { revalidate: false })
      setEdits({})
      onChanged()
      toast.show({ variant: 'success', content: t('savedToast', { language: localeName }) })
    } catch (e) {
      const body = isHttpError(e) ? (e.data as { fieldErrors?: Record<string, string[]> } | null) : null
      setFieldErrors(body?.fieldErrors ?? {})
      toast.show({ variant: 'error', content: t('saveError') })
    } finally {
      setSaving(false)
    }
  }

  async function remove() {
    setSaving(true)
    try {
      await api.remove(locale)
      setConfirming(false)
      onRemoved()
    } catch {
      toast.show({ variant: 'error', content: t('removeError') })
    } finally {
      setSaving(false)
    }
  }

  return (
    <section aria-label={localeName} data-testid={`translation-${locale}`}>
      <div className={styles.toolbar}>
        <div className={styles.toolbarGroup}>
          {canWrite && (
            <>
              <Button variant="primary" onClick={() => void save()} loading={saving} disabled={!dirty}>
                {t('save')}
              </Button>
              {data.ready ? (
                <Button onClick={() => void save(false)} disabled={saving} data-testid="mark-draft">
                  {t('markDraft')}
                </Button>
              ) : (
                <Button onClick={() => void save(true)} disabled={saving} data-testid="mark-ready">
                  {t('markReady')}
                </Button>
              )}
              <Button variant="tertiary" onClick={() => setConfirming(true)} disabled={saving}>
                {t('remove')}
              </Button>
            </>
          )}
        </div>
        <TranslationFilePanel
          api={api}
          locale={locale}
          canWrite={canWrite}
          onImported={(saved) => {
            setEdits({})
            void mutate(saved, { revalidate: false })
            onChanged()
          }}
        />
      </div>
      <p>{data.ready ? t('readyHint', { language: localeName }) : t('draftHint')}</p>
      <ul className={styles.rows}>
        {strings.map((s) => {
          const errs = fieldErrors[`strings.${s.id}`]
          const inputId = `tr-${locale}-${s.id}`
          return (
            <li key={s.id} className={styles.row}>
              <span className={styles.kind}>{kindLabel(s.kind)}</span>
              <div className={styles.source} lang="und">
                {s.source}
              </div>
              <div>
                <label htmlFor={inputId} className={styles.hidden}>
                  {t('translationOf', { kind: kindLabel(s.kind), language: localeName })}
                </label>
                <textarea
                  id={inputId}
                  className={styles.target}
                  lang={locale}
                  value={value(s.id)}
                  placeholder={t('fallbackPlaceholder')}
                  readOnly={!canWrite}
                  aria-invalid={errs ? true : undefined}
                  onChange={(e) => setEdits((x) => ({ ...x, [s.id]: e.target.value }))}
                  data-testid={`target-${s.id}`}
                />
                {errs && <p className={styles.fieldError}>{errs.join(' ')}</p>}
              </div>
            </li>
          )
        })}
      </ul>
      <ConfirmModal
        open={confirming}
        title={t('removeTitle', { language: localeName })}
        confirmLabel={t('remove')}
        busy={saving}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        {t('removeBody')}
      </ConfirmModal>
    </section>
  )
}
