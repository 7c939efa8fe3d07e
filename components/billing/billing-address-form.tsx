'use client'
// The billing address and company information printed on invoices (seed 002 §7.11), with the
// server's field errors beside their fields; the address can be removed on its own.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { readHttpFailure } from '@/components/auth/http-failure'
import { BILLING, useBilling } from './billing-api'
import { Loaded } from './billing-states'
import styles from './billing.module.css'

const FIELDS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const
type Address = Record<(typeof FIELDS)[number], string | null>
const LABELS = {
  line1: 'addressLine1',
  line2: 'addressLine2',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
  country: 'country',
} as const

export function BillingAddressForm() {
  const q = useBilling<{ address: Address | null }>(BILLING.address)
  const info = useBilling<{ companyName: string | null; taxId: string | null }>(BILLING.companyInfo)
  return (
    <div className={styles.grid}>
      <Loaded data={q.data} error={q.error} retry={() => void q.mutate()}>
        {(d) => <AddressFields initial={d.address} onSaved={() => void q.mutate()} />}
      </Loaded>
      <Loaded data={info.data} error={info.error} retry={() => void info.mutate()}>
        {(d) => <CompanyFields initial={d} onSaved={() => void info.mutate()} />}
      </Loaded>
    </div>
  )
}

function AddressFields({ initial, onSaved }: { initial: Address | null; onSaved: () => void }) {
  const t = useTranslations('billing')
  const toast = useToast()
  const canWrite = usePermission('billing_write')
  const [draft, setDraft] = useState<Address>(
    initial ?? { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  async function save(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      await http.post(BILLING.address, draft)
      toast.show({ variant: 'success', content: t('addressSaved') })
      onSaved()
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(f.fieldErrors)
      if (!Object.keys(f.fieldErrors).length) toast.show({ variant: 'error', content: f.message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }
  async function remove() {
    setBusy(true)
    try {
      await http.post(`${BILLING.address}/delete`, {})
      setDraft({ line1: '', line2: '', city: '', region: '', postalCode: '', country: '' })
      toast.show({ variant: 'success', content: t('addressRemoved') })
      onSaved()
    } catch (err) {
      toast.show({ variant: 'error', content: readHttpFailure(err).message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className={styles.form} onSubmit={(e) => void save(e)} noValidate aria-label={t('billingAddress')}>
      <h3>{t('billingAddress')}</h3>
      {FIELDS.map((f) => (
        <TextField
          key={f}
          name={f}
          label={t(LABELS[f])}
          value={draft[f] ?? ''}
          error={errors[f]}
          disabled={!canWrite}
          onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
        />
      ))}
      {canWrite && (
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('save')}
          </Button>
          {initial && (
            <Button type="button" variant="tertiary" disabled={busy} onClick={() => void remove()}>
              {t('removeAddress')}
            </Button>
          )}
        </div>
      )}
    </form>
  )
}

function CompanyFields({
  initial,
  onSaved,
}: {
  initial: { companyName: string | null; taxId: string | null }
  onSaved: () => void
}) {
  const t = useTranslations('billing')
  const toast = useToast()
  const canWrite = usePermission('billing_write')
  const [draft, setDraft] = useState({ companyName: initial.companyName ?? '', taxId: initial.taxId ?? '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  async function save(e: FormEvent) {
    e.preventDefault()
    setErrors({})
    try {
      await http.post(BILLING.companyInfo, draft)
      toast.show({ variant: 'success', content: t('companyInfoSaved') })
      onSaved()
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(f.fieldErrors)
      if (!Object.keys(f.fieldErrors).length) toast.show({ variant: 'error', content: f.message ?? t('saveError') })
    }
  }
  return (
    <form className={styles.form} onSubmit={(e) => void save(e)} noValidate aria-label={t('companyInformation')}>
      <h3>{t('companyInformation')}</h3>
      <TextField
        name="companyName"
        label={t('companyName')}
        value={draft.companyName}
        error={errors.companyName}
        disabled={!canWrite}
        onChange={(e) => setDraft({ ...draft, companyName: e.target.value })}
      />
      <TextField
        name="taxId"
        label={t('taxId')}
        value={draft.taxId}
        error={errors.taxId}
        disabled={!canWrite}
        onChange={(e) => setDraft({ ...draft, taxId: e.target.value })}
      />
      {canWrite && (
        <Button type="submit" variant="primary">
          {t('save')}
        </Button>
      )}
    </form>
  )
}
