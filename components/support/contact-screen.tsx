'use client'
// /support/contact: the support form on a page of its own (the chat button opens the same
// request as a modal) beside the account's latest requests, so an open one is followed up rather
// than filed twice. The server's field errors show under their fields.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@/components/shell/support-form'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { ListSupportTicketsResponse } from '@/lib/support/list-support-tickets'
import formStyles from '@/components/shell/support-form.module.css'
import styles from './help-screen.module.css'

const TICKETS_KEY = '/ajax/support/tickets'

export function ContactScreen() {
  const t = useTranslations('supportContact')
  const ts = useTranslations('support')
  const format = useFormatter()
  const toast = useToast()
  const tickets = useSWR(TICKETS_KEY, (u: string) => http.get<ListSupportTicketsResponse>(u).then((r) => r.data))
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found: Record<string, string> = {}
    if (!subject.trim()) found.subject = ts('required')
    if (!message.trim()) found.message = ts('required')
    setErrors(found)
    if (Object.keys(found).length) return
    setSending(true)
    try {
      const res = await http.post<{ ticket: { id: number } }>(TICKETS_KEY, {
        subject: subject.trim(),
        message: message.trim(),
        path: '/support/contact',
      })
      const id = res.data.ticket.id
      toast.show({
        variant: 'success',
        content: ts('sent', { id }),
        action: { label: ts('viewTicket'), href: `/support/tickets/${id}` },
      })
      setSubject('')
      setMessage('')
      await tickets.mutate()
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: ts('sendFailed') })
    } finally {
      setSending(false)
    }
  }

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.grid}>
          <Card title={t('formTitle')}>
            <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="contact-form">
              <p className={formStyles.intro}>{ts('intro')}</p>
              <TextField
                label={ts('subject')}
                name="subject"
                value={subject}
                maxLength={SUPPORT_SUBJECT_MAX}
                onChange={(e) => setSubject(e.target.value)}
                error={errors.subject}
              />
              <div className={formStyles.field}>
                <label htmlFor="contact-message" className={formStyles.label}>
                  {ts('message')}
                </label>
                <textarea
                  id="contact-message"
                  name="message"
                  rows={8}
                  value={message}
                  maxLength={SUPPORT_MESSAGE_MAX}
                  onChange={(e) => setMessage(e.target.value)}
                  className={`${formStyles.textarea} ${errors.message ? formStyles.invalid : ''}`}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? 'contact-message-error' : undefined}
                />
                <p className={formStyles.hint}>
                  {ts('messageHint', { count: message.length, max: SUPPORT_MESSAGE_MAX })}
                </p>
                {errors.message && <FormError id="contact-message-error">{errors.message}</FormError>}
              </div>
              {errors._form && <FormError>{errors._form}</FormError>}
              <div>
                <Button type="submit" variant="primary" loading={sending} data-testid="contact-submit">
                  {ts('send')}
                </Button>
              </div>
            </form>
          </Card>
          <Card title={t('ticketsTitle')}>
            {tickets.error && (
              <Notification variant="error" action={{ label: t('retry'), onClick: () => void tickets.mutate() }}>
                {t('loadError')}
              </Notification>
            )}
            {!tickets.data && !tickets.error && <Spinner label={t('loading')} />}
            {tickets.data &&
              (tickets.data.tickets.length === 0 ? (
                <EmptyState heading={t('ticketsEmpty')} body={t('ticketsEmptyBody')} headingLevel={3} />
              ) : (
                <ul className={styles.tips} data-testid="contact-tickets">
                  {tickets.data.tickets.map((k) => (
                    <li key={k.id}>
                      <Link className={styles.link} href={`/support/tickets/${k.id}`}>
                        #{k.id} {k.subject}
                      </Link>{' '}
                      <Badge variant={k.status === 'open' ? 'info' : 'neutral'}>{k.status}</Badge>{' '}
                      <span>{format.dateTime(new Date(k.createdAt), { dateStyle: 'medium' })}</span>
                    </li>
                  ))}
                </ul>
              ))}
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
