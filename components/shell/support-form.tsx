'use client'
// The support form, used when no chat provider is configured: stores a ticket
// (POST /ajax/support/tickets) and confirms with a toast linking to it.
import { useId, useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { useToast } from '@/components/shell/toasts'
import { http, isHttpError } from '@/lib/client/http'
import styles from './support-form.module.css'

export const SUPPORT_MESSAGE_MAX = 5000
export const SUPPORT_SUBJECT_MAX = 200

interface FieldErrors {
  subject?: string
  message?: string
}

export function SupportForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('support')
  const tl = useTranslations('library')
  const toast = useToast()
  const formId = useId()
  const messageId = useId()
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  function validate(): FieldErrors {
    const e: FieldErrors = {}
    if (!subject.trim()) e.subject = t('required')
    else if (subject.length > SUPPORT_SUBJECT_MAX) e.subject = tl('tooManyCharacters', { n: SUPPORT_SUBJECT_MAX })
    if (!message.trim()) e.message = t('required')
    else if (message.length > SUPPORT_MESSAGE_MAX) e.message = tl('tooManyCharacters', { n: SUPPORT_MESSAGE_MAX })
    return e
  }

  function close() {
    setErrors({})
    setFormError(null)
    onClose()
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const found = validate()
    setErrors(found)
    setFormError(null)
    if (found.subject || found.message) return
    setSending(true)
    try {
      const res = await http.post<{ ticket: { id: number } }>('/ajax/support/tickets', {
        subject: subject.trim(),
        message: message.trim(),
        path: window.location.pathname,
      })
      const id = res.data.ticket.id
      toast.show({
        variant: 'success',
        content: t('sent', { id }),
        action: { label: t('viewTicket'), href: `/support/tickets/${id}` },
      })
      setSubject('')
      setMessage('')
      close()
    } catch (err) {
      const fields = isHttpError(err)
        ? (err.data as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors
        : undefined
      if (fields && (fields.subject || fields.message))
        setErrors({ subject: fields.subject?.[0], message: fields.message?.[0] })
      else setFormError(t('sendFailed'))
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('title')}
      footer={
        <>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button type="submit" form={formId} variant="primary" loading={sending} data-testid="support-form-submit">
            {t('send')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate data-testid="support-form">
        <p className={styles.intro}>{t('intro')}</p>
        <TextField
          label={t('subject')}
          name="subject"
          value={subject}
          maxLength={SUPPORT_SUBJECT_MAX}
          onChange={(e) => setSubject(e.target.value)}
          error={errors.subject}
          autoFocus
        />
        <div className={styles.field}>
          <label htmlFor={messageId} className={styles.label}>
            {t('message')}
          </label>
          <textarea
            id={messageId}
            name="message"
            rows={6}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className={`${styles.textarea} ${errors.message ? styles.invalid : ''}`}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${messageId}-error` : undefined}
          />
          <p className={styles.hint}>{t('messageHint', { count: message.length, max: SUPPORT_MESSAGE_MAX })}</p>
          {errors.message && <FormError id={`${messageId}-error`}>{errors.message}</FormError>}
        </div>
        {formError && <FormError>{formError}</FormError>}
      </form>
    </Modal>
  )
}
