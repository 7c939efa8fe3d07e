'use client'
// Wizard step 2: each message's content. Email: subject, preview text, sender, reply-to and a
// template (chosen from the account's templates, edited in the template editor); SMS: the body;
// push: title and body.
import { useCallback, useRef, useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { FormError } from '@/components/ui/form-error'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import { campaignsApi, type MessageView } from '../campaigns-api'
import type { StepProps } from './wizard-screen'
import { ChosenTemplate } from './chosen-template'
import styles from '../campaigns.module.css'

const EMAIL_FIELDS = ['subject', 'preview_text', 'from_email', 'from_label', 'reply_to_email'] as const
const str = (v: unknown) => (typeof v === 'string' ? v : '')

function MessageEditor({
  campaignId,
  message,
  editable,
  onSaved,
  register,
}: {
  campaignId: string
  message: MessageView
  editable: boolean
  onSaved: () => void
  register: (id: string, save: () => Promise<boolean>) => void
}) {
  const t = useTranslations('campaigns')
  const toast = useToast()
  const [content, setContent] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(message.content).map(([k, v]) => [k, str(v)])),
  )
  const [templateId, setTemplateId] = useState(message.templateId ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const { data: templates } = useSWR(
    message.channel === 'email' ? `/ajax/campaign/${campaignId}/templates` : null,
    () => campaignsApi.templates(campaignId),
  )
  const labels: Record<string, string> = {
    subject: t('fieldSubject'),
    preview_text: t('fieldPreviewText'),
    from_email: t('fieldFromEmail'),
    from_label: t('fieldFromLabel'),
    reply_to_email: t('fieldReplyTo'),
    body: t('fieldBody'),
    title: t('fieldTitle'),
  }
  const set = (k: string) => (v: string) => {
    setContent((c) => ({ ...c, [k]: v }))
    setErrors((e) => ({ ...e, [k]: '' }))
  }
  const err = (k: string) => errors[k] ?? errors[`content.${k}`]

  async function save(): Promise<boolean> {
    setBusy(true)
    setErrors({})
    try {
      await campaignsApi.saveContent(campaignId, { messageId: message.id, content })
      onSaved()
      return true
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { form: f.message ?? t('error') })
      return false
    } finally {
      setBusy(false)
    }
  }
  async function chooseTemplate(id: string) {
    if (!id) return
    setBusy(true)
    try {
      const { message: m } = await campaignsApi.assignTemplate(campaignId, message.id, id)
      setTemplateId(m.templateId ?? '')
      toast.show({ variant: 'success', content: t('templateChosen') })
      onSaved()
    } catch (e) {
      setErrors({ templateId: readHttpFailure(e).message ?? t('error') })
    } finally {
      setBusy(false)
    }
  }

  register(message.id, save)

  const field = (k: string, type = 'text') => (
    <TextField
      key={k}
      label={labels[k]!}
      name={k}
      type={type}
      value={content[k] ?? ''}
      disabled={!editable}
      error={err(k)}
      onChange={(e) => set(k)(e.target.value)}
      data-testid={`content-${k}`}
    />
  )
  const area = (k: string) => (
    <div key={k}>
      <label className={styles.legend} htmlFor={`${message.id}-${k}`}>
        {labels[k]}
      </label>
      <textarea
        id={`${message.id}-${k}`}
        className={styles.textarea}
        value={content[k] ?? ''}
        disabled={!editable}
        onChange={(e) => set(k)(e.target.value)}
        data-testid={`content-${k}`}
      />
      {err(k) && <FormError>{err(k)}</FormError>}
    </div>
  )

  return (
    <Card
      title={message.label || t('message')}
      actions={
        editable && (
          <Button size="small" variant="primary" onClick={() => void save()} loading={busy} data-testid="save-content">
            {t('save')}
          </Button>
        )
      }
    >
      <div className={styles.form}>
        {message.channel === 'email' && (
          <>
            <div className={styles.row}>{EMAIL_FIELDS.slice(0, 2).map((k) => field(k))}</div>
            <div className={styles.row}>
              {field('from_label')}
              {field('from_email', 'email')}
              {field('reply_to_email', 'email')}
            </div>
            <div className={styles.row}>
              <Select
                label={t('template')}
                name="templateId"
                value=""
                disabled={!editable || busy}
                error={err('templateId') ?? err('template')}
                onChange={(e) => void chooseTemplate(e.target.value)}
                data-testid="template-select"
                options={[
                  { value: '', label: templateId ? t('templateReplace') : t('templateChoose') },
                  ...(templates?.templates ?? []).map((x) => ({ value: x.id, label: x.name })),
                ]}
              />
              {templateId ? (
                <Link
                  href={`/email-template-editor/template/${encodeURIComponent(templateId)}`}
                  data-testid="edit-template"
                >
                  {t('templateEdit')}
                </Link>
              ) : (
                <span className={styles.muted}>{t('templateNone')}</span>
              )}
            </div>
            {templateId && <ChosenTemplate templateId={templateId} />}
          </>
        )}
        {message.channel === 'sms' && area('body')}
        {message.channel === 'mobile_push' && (
          <>
            {field('title')}
            {area('body')}
          </>
        )}
        {errors.form && <FormError>{errors.form}</FormError>}
      </div>
    </Card>
  )
}

export function ContentStep({ campaign, editable, onSaved, nextHref }: StepProps) {
  const t = useTranslations('campaigns')
  const router = useRouter()
  const saves = useRef(new Map<string, () => Promise<boolean>>())
  const [busy, setBusy] = useState(false)
  const register = useCallback((id: string, save: () => Promise<boolean>) => {
    saves.current.set(id, save)
  }, [])
  /** Saves every message; continues only when all saved. */
  async function next() {
    if (!nextHref) return
    if (!editable) return router.push(nextHref)
    setBusy(true)
    const results = await Promise.all([...saves.current.values()].map((save) => save()))
    setBusy(false)
    if (results.every(Boolean)) router.push(nextHref)
  }
  return (
    <div className={styles.stack}>
      {campaign.messages.map((m) => (
        <MessageEditor
          key={m.id}
          campaignId={campaign.id}
          message={m}
          editable={editable}
          onSaved={onSaved}
          register={register}
        />
      ))}
      {nextHref && (
        <div className={styles.footer}>
          <span />
          <Button variant="primary" onClick={() => void next()} loading={busy} data-testid="wizard-next">
            {editable ? t('saveContinue') : t('continue')}
          </Button>
        </div>
      )}
    </div>
  )
}
