'use client'
// /staff/plans: the operator's plans (issue 26 §1). Every plan with its tier, allowance, price and
// whether it is offered; edit one or add a tier. A plan's key and channel stay fixed (subscriptions
// refer to the key), so an edit reaches new checkouts while existing subscriptions keep their plan.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { Modal } from '@/components/ui/modal'
import { Table } from '@/components/ui/table'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import type { Plan } from '@/lib/billing/plans'
import { PanelState } from './account-panel'
import { errorText, staffGet, staffSend } from './staff-api'
import styles from './staff.module.css'

const URL = '/ajax/staff/billing/plans'
type Draft = Plan & { isNew: boolean }
const allowanceOf = (p: Plan) =>
  p.channel === 'email' ? p.monthlySendsLimit : p.channel === 'sms' ? p.smsCredits : null

const blank = (plans: Plan[]): Draft => {
  const last = plans.filter((p) => p.channel === 'email').at(-1)
  return {
    ...(last ?? plans[0]!),
    key: '',
    name: '',
    tierIndex: (last?.tierIndex ?? 0) + 1,
    stripePriceId: null,
    active: true,
    isNew: true,
  }
}

export function PlansEditorScreen() {
  const t = useTranslations('billingExtras')
  const format = useFormatter()
  const { data, error, isLoading, mutate } = useSWR<{ plans: Plan[] }>(URL, staffGet)
  const [draft, setDraft] = useState<Draft | null>(null)
  const money = (p: Plan) => format.number(p.priceCents / 100, { style: 'currency', currency: p.currency })
  return (
    <Page>
      <PageHead
        title={t('plansTitle')}
        description={t('plansDescription')}
        actions={
          data && (
            <Button variant="primary" onClick={() => setDraft(blank(data.plans))}>
              {t('addTier')}
            </Button>
          )
        }
      />
      <PageBody>
        <Card flush>
          {!data ? (
            <PanelState error={error} loading={isLoading} retry={() => mutate()} />
          ) : (
            <Table
              caption={t('plansCaption')}
              empty={t('noPlans')}
              columns={[
                { key: 'key', header: t('key') },
                { key: 'name', header: t('name') },
                { key: 'channel', header: t('channel') },
                { key: 'tier', header: t('tierIndex'), align: 'right' },
                { key: 'allowance', header: t('allowance'), align: 'right' },
                { key: 'price', header: t('price'), align: 'right' },
                { key: 'visible', header: t('visible') },
                { key: 'edit', header: '', align: 'right' },
              ]}
              rows={data.plans.map((p) => ({
                id: p.key,
                key: <span className={styles.mono}>{p.key}</span>,
                name: p.name,
                channel: t(`channels.${p.channel}`),
                tier: p.tierIndex,
                allowance: allowanceOf(p) == null ? t('unlimited') : format.number(allowanceOf(p)!),
                price: `${money(p)} / ${t(`intervals.${p.interval === 'year' ? 'year' : 'month'}`)}`,
                visible: (
                  <Badge variant={p.active ? 'success' : 'neutral'}>{p.active ? t('shown') : t('hidden')}</Badge>
                ),
                edit: (
                  <Button size="small" onClick={() => setDraft({ ...p, isNew: false })}>
                    {t('edit')}
                  </Button>
                ),
              }))}
            />
          )}
        </Card>
      </PageBody>
      {draft && (
        <PlanForm
          draft={draft}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null)
            void mutate()
          }}
        />
      )}
    </Page>
  )
}

function PlanForm({ draft, onClose, onSaved }: { draft: Draft; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations('billingExtras')
  const [channel, setChannel] = useState(draft.channel)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failed, setFailed] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const num = (v: FormDataEntryValue | null) => (String(v ?? '').trim() === '' ? null : Number(v))

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const allowance = num(f.get('allowance'))
    const price = num(f.get('price'))
    const body = {
      key: draft.isNew ? String(f.get('key') ?? '') : draft.key,
      name: String(f.get('name') ?? ''),
      channel,
      tierIndex: num(f.get('tierIndex')) ?? 0,
      activeProfilesLimit: channel === 'email' ? num(f.get('activeProfilesLimit')) : null,
      monthlySendsLimit: channel === 'email' ? allowance : null,
      smsCredits: channel === 'sms' ? allowance : null,
      country: channel === 'sms' ? draft.country || 'US' : null,
      priceCents: price == null ? NaN : Math.round(price * 100),
      currency: String(f.get('currency') ?? ''),
      interval: String(f.get('interval') ?? 'month'),
      active: f.get('active') === 'on',
      stripePriceId: draft.stripePriceId,
    }
    setPending(true)
    setErrors({})
    setFailed(null)
    try {
      await staffSend('POST', URL, body)
      onSaved()
    } catch (err) {
      const fe = (err as { data?: { fieldErrors?: Record<string, string[]> } }).data?.fieldErrors ?? {}
      const next = Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, v[0] ?? '']))
      if (next.monthlySendsLimit || next.smsCredits) next.allowance = next.monthlySendsLimit || next.smsCredits!
      if (next.priceCents) next.price = next.priceCents
      setErrors(next)
      if (!Object.keys(next).length) setFailed(errorText(err))
      setPending(false)
    }
  }

  return (
    <Modal open onClose={onClose} title={draft.isNew ? t('addTitle') : t('editTitle', { key: draft.key })}>
      <form className={styles.stack} onSubmit={submit} noValidate>
        {failed && <Notification variant="error">{failed}</Notification>}
        {draft.isNew && <TextField label={t('key')} name="key" hint={t('keyHint')} required error={errors.key} />}
        <TextField label={t('name')} name="name" defaultValue={draft.name} required error={errors.name} />
        <Select
          label={t('channel')}
          name="channel"
          value={channel}
          disabled={!draft.isNew}
          onChange={(e) => setChannel(e.target.value as Plan['channel'])}
          options={(['email', 'sms', 'addon'] as const).map((c) => ({ value: c, label: t(`channels.${c}`) }))}
          error={errors.channel}
        />
        <TextField
          label={t('tierIndex')}
          name="tierIndex"
          type="number"
          min={0}
          defaultValue={draft.tierIndex}
          error={errors.tierIndex}
        />
        {channel !== 'addon' && (
          <TextField
            label={channel === 'email' ? t('allowanceEmail') : t('allowanceSms')}
            name="allowance"
            type="number"
            min={0}
            hint={t('unlimitedHint')}
            defaultValue={allowanceOf({ ...draft, channel }) ?? ''}
            error={errors.allowance}
          />
        )}
        {channel === 'email' && (
          <TextField
            label={t('activeProfiles')}
            name="activeProfilesLimit"
            type="number"
            min={0}
            hint={t('unlimitedHint')}
            defaultValue={draft.activeProfilesLimit ?? ''}
            error={errors.activeProfilesLimit}
          />
        )}
        <div className={styles.row}>
          <TextField
            label={t('price')}
            name="price"
            type="number"
            min={0}
            step="0.01"
            defaultValue={draft.priceCents / 100}
            error={errors.price}
          />
          <TextField label={t('currency')} name="currency" defaultValue={draft.currency} error={errors.currency} />
          <Select
            label={t('interval')}
            name="interval"
            defaultValue={draft.interval}
            options={[
              { value: 'month', label: t('intervals.month') },
              { value: 'year', label: t('intervals.year') },
            ]}
          />
        </div>
        <label className={styles.check}>
          <input type="checkbox" name="active" defaultChecked={draft.active} />
          <span>{t('visibleHint')}</span>
        </label>
        <p className={styles.label}>{t('takesEffect')}</p>
        <div className={styles.row}>
          <Button type="button" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={pending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
