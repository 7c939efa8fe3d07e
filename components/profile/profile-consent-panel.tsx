'use client'
// Consent per channel with its timestamp, method and source, the active suppressions with their
// reason, and (with profile_write) manual suppress and unsuppress behind a confirmation.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Modal } from '@/components/ui/modal'
import { useToast } from '@/components/shell/toasts'
import { readHttpFailure } from '@/components/auth/http-failure'
import type {
  ConsentEntry,
  ConsentStatus,
  ProfileDetail,
  SuppressionChannel,
} from '@/lib/profile-view/profile-detail-types'
import { setSuppression } from './profile-api'
import styles from './profile-screen.module.css'

const STATUS_VARIANT: Record<ConsentStatus, BadgeVariant> = {
  subscribed: 'success',
  pending: 'warning',
  unsubscribed: 'danger',
  never_subscribed: 'neutral',
}
// Reason names as stored; each has a label in the "profile" messages (suppressionReason.*).
const SUPPRESSION_REASONS: readonly string[] = ['unsubscribed', 'bounced', 'spam_complaint', 'manual']
const CHANNEL_OF: Record<string, SuppressionChannel | undefined> = {
  email_marketing: 'email',
  sms_marketing: 'sms',
  sms_transactional: 'sms',
}

interface Props {
  detail: ProfileDetail
  canWrite: boolean
  timeZone: string
  onChange: (d: ProfileDetail) => void
}

export function ProfileConsentPanel({ detail, canWrite, timeZone, onChange }: Props) {
  const t = useTranslations('profile')
  const format = useFormatter()
  const toast = useToast()
  const [confirm, setConfirm] = useState<{ channel: SuppressionChannel; suppress: boolean } | null>(null)
  const [pending, setPending] = useState(false)
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const suppressed = new Set(detail.suppressions.map((s) => s.channel))
  const manual = new Set(detail.suppressions.filter((s) => s.reason === 'manual').map((s) => s.channel))
  const address: Record<SuppressionChannel, string | null> = {
    email: detail.profile.email,
    sms: detail.profile.phoneNumber,
  }

  async function apply() {
    if (!confirm) return
    setPending(true)
    try {
      onChange(await setSuppression(detail.profile.id, confirm.channel, confirm.suppress))
      toast.show({
        variant: 'success',
        content: t(confirm.suppress ? 'suppressedToast' : 'unsuppressedToast', {
          channel: t(`suppressionChannel.${confirm.channel}`),
        }),
      })
      setConfirm(null)
    } catch (e) {
      const failure = readHttpFailure(e)
      toast.show({ variant: 'error', content: failure.fieldErrors.channel ?? t('saveError') })
    } finally {
      setPending(false)
    }
  }

  function detailLine(c: ConsentEntry) {
    const parts: string[] = []
    if (c.consentedAt) parts.push(t('consentSince', { date: date(c.consentedAt) }))
    else if (c.updatedAt && c.status !== 'never_subscribed')
      parts.push(t('consentChanged', { date: date(c.updatedAt) }))
    if (c.method) parts.push(t('consentMethod', { method: c.method }))
    if (c.source) parts.push(t('consentSource', { source: c.source }))
    return parts.join(' · ')
  }

  return (
    <Card title={t('consentTitle')}>
      <ul className={styles.consentList} data-testid="profile-consent">
        {detail.consent.map((c) => {
          const blocked =
            CHANNEL_OF[c.channel] && suppressed.has(CHANNEL_OF[c.channel]!) && c.channel !== 'sms_transactional'
          const line = detailLine(c)
          return (
            <li key={c.channel} className={styles.consentRow} data-channel={c.channel}>
              <div className={styles.consentText}>
                <span className={styles.consentChannel}>{t(`channel.${c.channel}`)}</span>
                {line && <span className={styles.mutedSmall}>{line}</span>}
              </div>
              <div className={styles.badges}>
                {blocked && <Badge variant="danger">{t('suppressedBadge')}</Badge>}
                <Badge variant={STATUS_VARIANT[c.status] ?? 'neutral'}>{t(`status.${c.status}`)}</Badge>
              </div>
            </li>
          )
        })}
      </ul>

      <h3 className={styles.subhead}>{t('suppressionsTitle')}</h3>
      {detail.suppressions.length === 0 ? (
        <p className={styles.mutedSmall}>{t('noSuppressions')}</p>
      ) : (
        <ul className={styles.consentList} data-testid="profile-suppressions">
          {detail.suppressions.map((s) => (
            <li key={s.id} className={styles.consentRow}>
              <div className={styles.consentText}>
                <span className={styles.consentChannel}>{t(`suppressionChannel.${s.channel}`)}</span>
                <span className={styles.mutedSmall}>{t('suppressedOn', { date: date(s.createdAt) })}</span>
              </div>
              <div className={styles.badges}>
                <Badge variant={s.reason === 'manual' ? 'warning' : 'danger'}>
                  {SUPPRESSION_REASONS.includes(s.reason) ? t(`suppressionReason.${s.reason}`) : s.reason}
                </Badge>
                {canWrite && s.reason === 'manual' && (
                  <Button
                    size="small"
                    variant="tertiary"
                    onClick={() => setConfirm({ channel: s.channel, suppress: false })}
                  >
                    {t('unsuppress')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div className={styles.cardActions}>
          {(['email', 'sms'] as const).map((ch) => (
            <Button
              key={ch}
              size="small"
              disabled={!address[ch] || manual.has(ch)}
              onClick={() => setConfirm({ channel: ch, suppress: true })}
              title={!address[ch] ? t(ch === 'email' ? 'noEmailToSuppress' : 'noPhoneToSuppress') : undefined}
            >
              {t(ch === 'email' ? 'suppressEmail' : 'suppressSms')}
            </Button>
          ))}
        </div>
      )}

      <Modal
        open={!!confirm}
        onClose={() => !pending && setConfirm(null)}
        title={
          confirm
            ? t(confirm.suppress ? 'confirmSuppressTitle' : 'confirmUnsuppressTitle', {
                channel: t(`suppressionChannel.${confirm.channel}`),
              })
            : ''
        }
        footer={
          <>
            <Button onClick={() => setConfirm(null)} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button variant={confirm?.suppress ? 'danger' : 'primary'} loading={pending} onClick={apply}>
              {t(confirm?.suppress ? 'suppress' : 'unsuppress')}
            </Button>
          </>
        }
      >
        {confirm && (
          <p>
            {t(confirm.suppress ? 'confirmSuppressBody' : 'confirmUnsuppressBody', {
              address: address[confirm.channel] ?? '',
            })}
          </p>
        )}
      </Modal>
    </Card>
  )
}
