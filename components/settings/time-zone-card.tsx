'use client'
// The account's time zone (company-timezone): a select of /ajax/account/timezones and a
// confirmation, because reports, segments' days and send times all move with it.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useToast } from '@/components/shell/toasts'
import styles from './organization.module.css'
import screen from '@/components/ui/form-screen.module.css'

type Zone = { value: string; label: string }

export function TimeZoneCard({
  current,
  canEdit,
  onChanged,
}: {
  current: string
  canEdit: boolean
  onChanged: (tz: string) => void
}) {
  const t = useTranslations('organization')
  const tc = useTranslations('common')
  const toast = useToast()
  const { data } = useSWR('/ajax/account/timezones', (url: string) =>
    http.get<{ timezones: Zone[] }>(url).then((r) => r.data.timezones),
  )
  const [value, setValue] = useState(current)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const zones = data ?? []
  const options = zones.some((z) => z.value === current) ? zones : [{ value: current, label: current }, ...zones]

  async function save() {
    setBusy(true)
    setError(null)
    try {
      const res = await http.post<{ timezone: string }>('/ajax/account/company-timezone', { timezone: value })
      setConfirming(false)
      onChanged(res.data.timezone)
      toast.show({ variant: 'success', content: t('timezoneSaved') })
      // The shell, dates and reports read the zone on load: reload so every screen follows.
      window.location.reload()
    } catch (err) {
      const f = readHttpFailure(err)
      setError(f.fieldErrors.timezone ?? f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t('timezoneTitle')}>
      <div className={screen.form}>
        <p className={screen.help}>{t('timezoneHelp')}</p>
        <Select
          label={t('timezoneLabel')}
          name="timezone"
          value={value}
          disabled={!canEdit || !data}
          onChange={(e) => setValue(e.target.value)}
          options={options.map((z) => ({ value: z.value, label: z.label }))}
          data-testid="timezone-select"
        />
        {canEdit && (
          <div className={styles.footer}>
            <Button
              variant="primary"
              disabled={value === current}
              onClick={() => {
                setError(null)
                setConfirming(true)
              }}
              data-testid="save-timezone"
            >
              {t('timezoneSave')}
            </Button>
          </div>
        )}
      </div>
      <Modal
        open={confirming}
        title={t('timezoneConfirmTitle')}
        onClose={busy ? undefined : () => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {tc('cancel')}
            </Button>
            <Button variant="primary" onClick={save} loading={busy} data-testid="confirm-timezone">
              {t('timezoneConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('timezoneConfirmBody', { from: current, to: value })}</p>
        {error && <FormError>{error}</FormError>}
      </Modal>
    </Card>
  )
}
