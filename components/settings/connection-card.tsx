'use client'
// The first card of a channel's settings (SMS, WhatsApp, push): the provider account, badged
// connected or not, its help text, then the screen's fields for it.
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import screen from '@/components/ui/form-screen.module.css'

export function ConnectionCard({
  title,
  connected,
  labels,
  help,
  children,
}: {
  title: string
  connected: boolean
  labels: { connected: string; notConnected: string }
  help: string
  children: ReactNode
}) {
  return (
    <Card
      title={title}
      actions={connected ? <Badge variant="success">{labels.connected}</Badge> : <Badge>{labels.notConnected}</Badge>}
    >
      <div className={screen.form}>
        <p className={screen.help}>{help}</p>
        {children}
      </div>
    </Card>
  )
}
