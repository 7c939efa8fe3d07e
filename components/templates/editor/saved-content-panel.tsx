'use client'
// Saved content in the block editor: the company's saved blocks to insert (linked by the saved
// block's id: saving the saved content, in its own editor, updates this copy too), and "Save as
// saved content" for the selected block.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import type { LeafBlock } from '@/lib/templates/block-definition'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { TextField } from '@/components/ui/text-field'
import { useToast } from '@/components/shell/toasts'
import { isHttpError } from '@/lib/client/http'
import { templatesApi } from '../api'
import styles from './editor.module.css'

export const SAVED_CONTENT_KEY = ['universal-content', '']
const SAVEABLE = new Set(['text', 'image', 'button', 'divider', 'spacer', 'html'])
export const canSaveBlock = (b: { type: string }) => SAVEABLE.has(b.type)

export function SavedContentPalette({ onInsert }: { onInsert: (block: LeafBlock) => void }) {
  const t = useTranslations('templateEditor')
  const { data, error } = useSWR(SAVED_CONTENT_KEY, () => templatesApi.universal())
  const usable = (data ?? []).filter((i) => i.block)
  if (error) return <p className={styles.fieldHint}>{t('savedLoadError')}</p>
  if (!data) return null
  if (!usable.length) return <p className={styles.fieldHint}>{t('savedNone')}</p>
  return (
    <ul className={styles.savedList} aria-label={t('savedContent')}>
      {usable.map((i) => (
        <li key={i.id} className={styles.savedItem}>
          <span className={styles.savedName} title={i.name}>
            {i.name}
          </span>
          <Button
            size="small"
            variant="tertiary"
            onClick={() => onInsert({ ...i.block!, universalId: i.id } as LeafBlock)}
            aria-label={t('savedInsertNamed', { name: i.name })}
            data-testid={`insert-saved-${i.id}`}
          >
            {t('savedInsert')}
          </Button>
        </li>
      ))}
    </ul>
  )
}

export function SaveBlockButton({ block }: { block: LeafBlock }) {
  const t = useTranslations('templateEditor')
  const tc = useTranslations('common')
  const toast = useToast()
  const { mutate } = useSWR(SAVED_CONTENT_KEY, () => templatesApi.universal())
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  async function save() {
    const value = name.trim()
    if (!value) return setError(t('savedNameRequired'))
    setBusy(true)
    try {
      await templatesApi.saveUniversal(value, block)
      toast.show({ variant: 'success', content: t('savedToast', { name: value }) })
      setOpen(false)
      setName('')
      void mutate()
    } catch (e) {
      const data = isHttpError(e)
        ? (e.data as { fieldErrors?: Record<string, string[]>; message?: string } | null)
        : null
      setError(data?.fieldErrors?.name?.[0] ?? data?.fieldErrors?.block?.[0] ?? data?.message ?? t('savedError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button
        size="small"
        variant="secondary"
        onClick={() => {
          setError(undefined)
          setOpen(true)
        }}
        data-testid="save-block"
      >
        {t('saveAsSaved')}
      </Button>
      <Modal
        open={open}
        title={t('saveAsSavedTitle')}
        onClose={busy ? undefined : () => setOpen(false)}
        footer={
          <>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              {tc('cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void save()} data-testid="save-block-confirm">
              {t('saveAsSavedConfirm')}
            </Button>
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <TextField
            label={t('savedNameLabel')}
            name="saved-name"
            value={name}
            maxLength={255}
            error={error}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            hint={t('saveAsSavedHint')}
          />
        </form>
      </Modal>
    </>
  )
}
