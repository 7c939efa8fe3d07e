'use client'
// /staff/account/:companyId/create-support-ticket: a ticket in the account's own support tickets.
import { useState } from 'react'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import { accountUrl, errorText, staffSend } from './staff-api'
import { PanelState, useAccountData } from './account-panel'
import styles from './staff.module.css'

type Tickets = { tickets: { id: number; subject: string; status: string; createdAt: string }[] }

export function SupportTicketPanel({ companyId }: { companyId: number }) {
  const t = useTranslations('staff')
  const format = useFormatter()
  const url = accountUrl(companyId, 'support-tickets')
  const { data, error, isLoading, mutate } = useAccountData<Tickets>(url)
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  const create = async (e: React.FormEvent) => {
    e.preventDefault()
    setStatus(null)
    try {
      const r = await staffSend<{ ticket: { id: number } }>('POST', url, { subject, message })
      setSubject('')
      setMessage('')
      setStatus({ ok: true, text: t('ticketCreated', { id: r.ticket.id }) })
      await mutate()
    } catch (err) {
      setStatus({ ok: false, text: errorText(err) })
    }
  }
  return (
    <div className={styles.stack}>
      <form className={styles.stack} onSubmit={create}>
        {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
        <TextField
          name="subject"
          label={t('subject')}
          required
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <label className={styles.label} htmlFor="ticket-message">
          {t('message')}
        </label>
        <textarea
          id="ticket-message"
          className={styles.textarea}
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div>
          <Button type="submit" variant="primary">
            {t('createTicket')}
          </Button>
        </div>
      </form>
      <Table
        caption={t('tickets')}
        columns={[
          { key: 'id', header: '#' },
          { key: 'subject', header: t('subject') },
          { key: 'status', header: t('status') },
          { key: 'created', header: t('created') },
        ]}
        rows={data.tickets.map((x) => ({
          id: x.id,
          subject: x.subject,
          status: x.status,
          created: format.dateTime(new Date(x.createdAt), { dateStyle: 'medium' }),
        }))}
        empty={t('noTickets')}
      />
    </div>
  )
}
