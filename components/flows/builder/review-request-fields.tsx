'use client'
// The side panel of a "Send review request" action (issue 24 §1): the subject, the heading the
// template prints above the products, the company's review request template (an email with the
// "Review request" block) and the sender. The products and their star links come from the order
// of the trigger event when the step runs; a flow delay before the step sets "N days after".
import { useTranslations } from 'next-intl'
import { Field, FieldInput, IdOptions } from './panel-fields'
import { useTemplateOptions } from './use-builder-options'
import { SenderFields } from './sender-fields'
import styles from './builder.module.css'

type Data = Record<string, unknown>

export function ReviewRequestFields({ msg, setMsg }: { msg: Data; setMsg: (patch: Data) => void }) {
  const t = useTranslations('reviewRequests')
  const { data: templates } = useTemplateOptions()
  return (
    <>
      <p className={styles.muted}>{t('panelHint')}</p>
      <FieldInput
        label={t('subject')}
        record={msg}
        set={setMsg}
        field="subject_line"
        data-testid="review-request-subject"
      />
      <FieldInput label={t('heading')} record={msg} set={setMsg} field="heading" emptyAsNull />
      <Field label={t('template')} hint={t('templateHint')}>
        <select
          className={styles.control}
          data-testid="review-request-template"
          value={String(msg.template_id ?? '')}
          onChange={(e) => setMsg({ template_id: e.target.value || null })}
        >
          <IdOptions options={templates} value={msg.template_id as string | null} placeholder={t('chooseTemplate')} />
        </select>
      </Field>
      <SenderFields msg={msg} setMsg={setMsg} labels={{ fromLabel: t('fromLabel'), fromEmail: t('fromEmail') }} />
    </>
  )
}
