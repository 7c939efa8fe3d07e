'use client'
// The "Source" of a sent message: channel and source type, or for an account mail its kind.
import { useTranslations } from 'next-intl'
import type { SentMessage } from './messages-api'

const ACCOUNT_KINDS = [
  'invitation',
  'password_reset',
  'email_confirmation',
  'account_exists',
  'email_change',
  'security_notice',
  'report',
  'alert',
] as const

/** "email · campaign_message", or for an account mail its kind ("Account mail · Invitation"). */
export function useSourceLabel() {
  const t = useTranslations('sentMessages')
  return (m: Pick<SentMessage, 'channel' | 'sourceType' | 'kind'>) => {
    if (m.sourceType !== 'account') return `${m.channel} · ${m.sourceType}`
    const kind = ACCOUNT_KINDS.find((k) => k === m.kind)
    return `${t('accountMail')} · ${kind ? t(`kind.${kind}`) : t('kind.account')}`
  }
}
