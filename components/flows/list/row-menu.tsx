'use client'
// The per-row menu of /flows: edit, clone, clone to another account, archive or recover, delete.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { usePopover } from '@/components/ui/use-popover'
import rowStyles from '@/components/ui/list-rows.module.css'
import type { FlowRow } from './types'

export interface RowMenuProps {
  flow: FlowRow
  canWrite: boolean
  onClone: (flow: FlowRow) => void
  onArchive: (flow: FlowRow) => void
  onRecover: (flow: FlowRow) => void
  onDelete: (flow: FlowRow) => void
}

export function RowMenu({ flow, canWrite, onClone, onArchive, onRecover, onDelete }: RowMenuProps) {
  const t = useTranslations('flows')
  const { open, toggle, close, rootRef, triggerRef } = usePopover()
  const act = (fn: (f: FlowRow) => void) => () => {
    close()
    fn(flow)
  }
  return (
    <div className={rowStyles.menuRoot} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={rowStyles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={toggle}
        aria-label={t('rowMenu', { name: flow.name })}
        data-testid="flow-row-menu"
      >
        ⋯
      </button>
      {open && (
        <div className={rowStyles.menu} role="menu">
          <Link
            role="menuitem"
            className={rowStyles.menuItem}
            href={`/flow/${encodeURIComponent(flow.id)}/edit`}
            onClick={() => close()}
          >
            {t('edit')}
          </Link>
          {canWrite && !flow.archived && (
            <>
              <button role="menuitem" type="button" className={rowStyles.menuItem} onClick={act(onClone)}>
                {t('clone')}
              </button>
              <Link
                role="menuitem"
                className={rowStyles.menuItem}
                href={`/flow/${encodeURIComponent(flow.id)}/cross-account-clone/select`}
                onClick={() => close()}
              >
                {t('cloneToAccount')}
              </Link>
              <button role="menuitem" type="button" className={rowStyles.menuItem} onClick={act(onArchive)}>
                {t('archive')}
              </button>
            </>
          )}
          {canWrite && flow.archived && (
            <button role="menuitem" type="button" className={rowStyles.menuItem} onClick={act(onRecover)}>
              {t('recover')}
            </button>
          )}
          {canWrite && (
            <button
              role="menuitem"
              type="button"
              className={`${rowStyles.menuItem} ${rowStyles.danger}`}
              onClick={act(onDelete)}
              data-testid="flow-delete"
            >
              {t('delete')}
            </button>
          )}
        </div>
      )}
    </div>
  )
}
