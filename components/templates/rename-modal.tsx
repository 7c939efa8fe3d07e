'use client'
// Renames a template (1–255 characters); the server's field error is shown under the field.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { isHttpError } from '@/lib/client/http'
import { templatesApi } from './api'

interface RenameModalProps {
  template: { id: string; name: string } | null
  onClose: () => void
  onRenamed: (name: string) => void
  /** What renames it (a template by default; saved content passes its own). */
  rename?: (id: string, name: string) => Promise<unknown>
  title?: string
  label?: string
}

export function RenameModal(props: RenameModalProps) {
  // A fresh form per template: the field starts from that template's name.
  return props.template ? <RenameForm key={props.template.id} {...props} /> : null
}

function RenameForm({ template, onClose, onRenamed, rename = templatesApi.rename, title, label }: RenameModalProps) {
  const t = useTranslations('templates')
  const tc = useTranslations('common')
  const [name, setName] = useState(template?.name ?? '')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  async function submit() {
    const value = name.trim()
    if (!template) return
    if (!value) return setError(t('nameRequired'))
    setBusy(true)
    try {
      await rename(template.id, value)
      onRenamed(value)
    } catch (e) {
      const fields = isHttpError(e)
        ? (e.data as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors
        : undefined
      setError(fields?.name?.[0] ?? t('renameError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={!!template}
      title={title ?? t('renameTitle')}
      onClose={busy ? undefined : onClose}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {tc('cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void submit()} data-testid="rename-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <TextField
          label={label ?? t('nameLabel')}
          name="name"
          value={name}
          maxLength={255}
          error={error}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
      </form>
    </Modal>
  )
}
