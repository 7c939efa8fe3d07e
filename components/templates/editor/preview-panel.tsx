'use client'
// Preview for a real profile: search a profile, pick one of its events when the template reads
// {{ event.… }}, see the email rendered with their data, and send that preview to an address.
import { useEffect, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import { isHttpError } from '@/lib/client/http'
import { templatesApi, type PreviewProfile, type PreviewResult } from '../api'
import { MESSAGES_HREF } from '../links'
import { DeviceToggle, PreviewFrame, type Device } from './preview-frame'
import styles from './editor.module.css'

export interface PreviewPanelProps {
  templateId: string
  /** The unsaved editor content to preview (html or definition), as the preview call takes it. */
  draft: { html?: string; definition?: unknown }
  dirty: boolean
  defaultEmail?: string
}

const nameOf = (p: { email: string; firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email

export function PreviewPanel({ templateId, draft, dirty, defaultEmail = '' }: PreviewPanelProps) {
  const t = useTranslations('templateEditor')
  const format = useFormatter()
  const [device, setDevice] = useState<Device>('desktop')
  const [search, setSearch] = useState('')
  const [profile, setProfile] = useState<PreviewProfile | null>(null)
  const [eventId, setEventId] = useState<string>('')
  const [result, setResult] = useState<PreviewResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [email, setEmail] = useState(defaultEmail)
  const [sendError, setSendError] = useState<string | null>(null)
  const [sent, setSent] = useState<{ to: string; sendId: string } | null>(null)
  const [sending, setSending] = useState(false)
  const debounced = useDebouncedValue(search.trim(), 250)

  const { data: matches } = useSWR(debounced && !profile ? ['preview-profiles', templateId, debounced] : null, () =>
    templatesApi.previewProfiles(templateId, debounced),
  )
  const { data: events } = useSWR(
    profile && result?.usesEvent ? ['preview-events', templateId, profile.id] : null,
    () => templatesApi.previewEvents(templateId, profile!.id),
  )

  // One request per content, profile and event; loading until the current one has answered.
  const requestKey = JSON.stringify([draft, profile?.id ?? null, eventId])
  const [doneKey, setDoneKey] = useState<string | null>(null)
  const loading = requestKey !== doneKey
  useEffect(() => {
    let live = true
    const [content, profileId, event] = JSON.parse(requestKey) as [object, string | null, string]
    templatesApi
      .preview(templateId, { ...content, profile_id: profileId ?? undefined, event_id: event || undefined })
      .then((r) => {
        if (live) {
          setResult(r)
          setError(null)
        }
      })
      .catch((e: unknown) => {
        if (live) setError(isHttpError(e) && e.status === 400 ? e.message : t('previewError'))
      })
      .finally(() => {
        if (live) setDoneKey(requestKey)
      })
    return () => {
      live = false
    }
  }, [templateId, requestKey, t])

  async function send() {
    setSendError(null)
    setSent(null)
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setSendError(t('emailInvalid'))
    setSending(true)
    try {
      const r = await templatesApi.sendPreview(templateId, {
        email: email.trim(),
        profile_id: profile?.id,
        event_id: eventId || undefined,
      })
      setSent({ to: r.to, sendId: r.sendId })
    } catch (e) {
      const fields = isHttpError(e)
        ? (e.data as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors
        : undefined
      setSendError(fields?.email?.[0] ?? (isHttpError(e) && e.status === 400 ? e.message : t('sendError')))
    } finally {
      setSending(false)
    }
  }

  return (
    <div className={styles.previewLayout}>
      <aside className={styles.previewSide}>
        <section className={styles.panelSection}>
          <h2 className={styles.panelTitle}>{t('previewAs')}</h2>
          {profile ? (
            <div className={styles.chosen} data-testid="preview-profile">
              <span>
                <strong>{nameOf(profile)}</strong>
                <br />
                <span className={styles.muted}>{profile.email}</span>
              </span>
              <Button
                size="small"
                variant="tertiary"
                onClick={() => {
                  setProfile(null)
                  setEventId('')
                  setSearch('')
                }}
              >
                {t('change')}
              </Button>
            </div>
          ) : (
            <>
              <TextField
                label={t('profileSearch')}
                name="profile-search"
                type="search"
                value={search}
                placeholder={t('profileSearchPlaceholder')}
                onChange={(e) => setSearch(e.target.value)}
                data-testid="profile-search"
              />
              {matches && matches.length > 0 && (
                <ul className={styles.matches} aria-label={t('profileMatches')}>
                  {matches.map((p) => (
                    <li key={p.id}>
                      <button
                        type="button"
                        onClick={() => {
                          setProfile(p)
                          setEventId('')
                        }}
                        data-testid="profile-match"
                      >
                        <strong>{nameOf(p)}</strong> <span className={styles.muted}>{p.email}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {matches && matches.length === 0 && <p className={styles.muted}>{t('noProfiles')}</p>}
              {result?.profile.sample && (
                <p className={styles.muted}>{t('sampleProfile', { name: nameOf(result.profile) })}</p>
              )}
            </>
          )}
          {result?.usesEvent && (
            <label className={styles.field}>
              <span className={styles.fieldLabel}>{t('event')}</span>
              <select
                className={styles.input}
                value={eventId}
                onChange={(e) => setEventId(e.target.value)}
                data-testid="preview-event"
              >
                <option value="">{t('latestEvent')}</option>
                {(events ?? []).map((ev) => (
                  <option key={ev.id} value={ev.id}>
                    {ev.metric} · {format.dateTime(new Date(ev.datetime), { dateStyle: 'medium', timeStyle: 'short' })}
                  </option>
                ))}
              </select>
              {result.event && (
                <span className={styles.fieldHint}>{t('eventUsed', { metric: result.event.metric })}</span>
              )}
              {!result.event && <span className={styles.fieldHint}>{t('noEvent')}</span>}
            </label>
          )}
        </section>
        <section className={styles.panelSection}>
          <h2 className={styles.panelTitle}>{t('sendPreview')}</h2>
          <TextField
            label={t('sendTo')}
            name="preview-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="preview-email"
          />
          {dirty && <p className={styles.fieldHint}>{t('sendSavedVersion')}</p>}
          <Button
            variant="primary"
            loading={sending}
            disabled={dirty}
            onClick={() => void send()}
            data-testid="send-preview"
          >
            {t('sendPreviewButton')}
          </Button>
          {sendError && <FormError>{sendError}</FormError>}
          {sent && (
            <Notification variant="success" title={t('previewQueued', { to: sent.to })}>
              <Link href={MESSAGES_HREF} data-testid="view-sent">
                {t('viewSentMessages')}
              </Link>
            </Notification>
          )}
        </section>
      </aside>
      <div className={styles.previewMain}>
        <div className={styles.previewBar}>
          <DeviceToggle device={device} onChange={setDevice} />
          {result && <span className={styles.muted}>{t('renderedFor', { name: nameOf(result.profile) })}</span>}
        </div>
        {error && (
          <Notification variant="error" title={t('previewFailed')}>
            {error}
          </Notification>
        )}
        <PreviewFrame html={result?.html ?? null} device={device} loading={loading} />
        {result && (
          <details className={styles.textPart}>
            <summary>{t('plainText')}</summary>
            <pre data-testid="preview-text">{result.text}</pre>
          </details>
        )}
      </div>
    </div>
  )
}
