'use client'
// The "Create" button of /lists: a small menu that opens the list form or the segment builder.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { buttonClassName } from '@/components/ui/button'
import { ChevronDownIcon, LayersIcon, UsersIcon } from '@/components/ui/icons'
import { usePopover } from '@/components/ui/use-popover'
import styles from './lists-screen.module.css'

export function CreateMenu() {
  const t = useTranslations('lists')
  const { open, toggle, close, rootRef, triggerRef } = usePopover()
  return (
    <div className={styles.menuRoot} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClassName('primary')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={toggle}
        data-testid="create-group-menu"
      >
        <span className={styles.menuTrigger}>
          {t('create')}
          <ChevronDownIcon size={16} />
        </span>
      </button>
      {open && (
        <div className={styles.menu} role="menu">
          <Link role="menuitem" href="/lists/create" className={styles.menuItem} onClick={() => close()}>
            <UsersIcon size={18} />
            <span>
              <strong>{t('createList')}</strong>
              <small>{t('createListHint')}</small>
            </span>
          </Link>
          <Link role="menuitem" href="/lists/create/segment" className={styles.menuItem} onClick={() => close()}>
            <LayersIcon size={18} />
            <span>
              <strong>{t('createSegment')}</strong>
              <small>{t('createSegmentHint')}</small>
            </span>
          </Link>
        </div>
      )}
    </div>
  )
}
