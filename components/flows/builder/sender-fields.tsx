'use client'
// The sender of an email-sending action (an email, a review request): a from label and a from
// address; empty means the company's default sender, so an emptied field is stored as null.
import { FieldInput } from './panel-fields'
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
      <FieldInput label={labels.fromLabel} record={msg} set={setMsg} field="from_label" emptyAsNull />
      <FieldInput label={labels.fromEmail} record={msg} set={setMsg} field="from_email" emptyAsNull type="email" />
    </div>
  )
}
