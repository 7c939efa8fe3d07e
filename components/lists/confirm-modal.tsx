'use client'
// A yes/no question before something that cannot be undone (deleting lists, removing members).
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'

export interface ConfirmModalProps {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  busy?: boolean
  error?: string | null
  onConfirm: () => void
  onClose: () => void
}

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const t = useTranslations('common')
  return (
    <Modal
      open={open}
      title={title}
      onClose={busy ? undefined : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="confirm-delete">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && <FormError>{error}</FormError>}
    </Modal>
  )
}
