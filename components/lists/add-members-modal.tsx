'use client'
// Add people to a static list by email address; unknown addresses become new profiles.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import styles from './import/import.module.css'

export const MAX_EMAILS = 1000
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The addresses of a pasted block (commas, semicolons, spaces or lines) and the ones that are not addresses. */
export function splitEmails(text: string): { emails: string[]; invalid: string[] } {
  const parts = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
  return { emails: parts.filter((p) => EMAIL.test(p)), invalid: parts.filter((p) => !EMAIL.test(p)) }
}

export function AddMembersModal({
  open,
  listId,
  onClose,
  onAdded,
}: {
  open: boolean
  listId: string
  onClose: () => void
  onAdded: (count: number) => void
}) {
  const t = useTranslations('lists')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function add() {
    const { emails, invalid } = splitEmails(text)
    if (invalid.length) return setError(t('addInvalid', { emails: invalid.slice(0, 5).join(', ') }))
    if (!emails.length) return setError(t('addNone'))
    if (emails.length > MAX_EMAILS) return setError(t('addTooMany', { max: MAX_EMAILS }))
    setBusy(true)
    setError(null)
    try {
      await http.post(`/ajax/list/${encodeURIComponent(listId)}/members`, { emails })
      setText('')
      onAdded(emails.length)
    } catch (e) {
      const f = readHttpFailure(e)
      setError(Object.values(f.fieldErrors)[0] ?? f.message ?? t('addError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('addTitle')}
      onClose={busy ? undefined : onClose}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void add()} data-testid="add-members-submit">
            {t('addSubmit')}
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <label htmlFor="add-members-emails" className={styles.muted}>
          {t('addBody')}
        </label>
        <textarea
          id="add-members-emails"
          className={styles.textarea}
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('addPlaceholder')}
          data-testid="add-members-emails"
        />
        {error && <FormError>{error}</FormError>}
      </div>
    </Modal>
  )
}
