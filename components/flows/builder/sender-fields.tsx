'use client'
// The sender of an email-sending action (an email, a review request): a from label and a from
// address; empty means the company's default sender, so an emptied field is stored as null.
import { Field } from './panel-fields'
import styles from './builder.module.css'

type Data = Record<string, unknown>

export function SenderFields({
  msg,
  setMsg,
  labels,
}: {
  msg: Data
  setMsg: (patch: Data) => void
  labels: { fromLabel: string; fromEmail: string }
}) {
  return (
    <div className={styles.row}>
      <Field label={labels.fromLabel}>
        <input
          className={styles.control}
          value={String(msg.from_label ?? '')}
          onChange={(e) => setMsg({ from_label: e.target.value || null })}
        />
      </Field>
      <Field label={labels.fromEmail}>
        <input
          type="email"
          className={styles.control}
          value={String(msg.from_email ?? '')}
          onChange={(e) => setMsg({ from_email: e.target.value || null })}
        />
      </Field>
    </div>
  )
}
