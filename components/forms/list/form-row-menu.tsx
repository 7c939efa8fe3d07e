'use client'
// The per-row menu of /forms: edit, view, clone, publish or unpublish, delete.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { usePopover } from '@/components/ui/use-popover'
import type { FormListItem } from '../forms-types'
import rowStyles from '@/components/ui/list-rows.module.css'

export interface FormRowMenuProps {
  form: FormListItem
  canWrite: boolean
  onEdit: (form: FormListItem) => void
  onPublish: (form: FormListItem) => void
  onUnpublish: (form: FormListItem) => void
  onDelete: (form: FormListItem) => void
}

export function FormRowMenu({ form, canWrite, onEdit, onPublish, onUnpublish, onDelete }: FormRowMenuProps) {
  const t = useTranslations('forms')
  const { open, toggle, close, rootRef, triggerRef } = usePopover()
  const act = (fn: (f: FormListItem) => void) => () => {
    close()
    fn(form)
  }
  const id = encodeURIComponent(form.id)
  return (
    <div className={rowStyles.menuRoot} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={rowStyles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={toggle}
        aria-label={t('rowMenu', { name: form.name })}
        data-testid="form-row-menu"
      >
        ⋯
      </button>
      {open && (
        <div className={rowStyles.menu} role="menu">
          {canWrite && (
            <button role="menuitem" type="button" className={rowStyles.menuItem} onClick={act(onEdit)}>
              {t('edit')}
            </button>
          )}
          <Link role="menuitem" className={rowStyles.menuItem} href={`/forms/${id}`} onClick={() => close()}>
            {t('view')}
          </Link>
          {canWrite && (
            <>
              <Link
                role="menuitem"
                className={rowStyles.menuItem}
                href={`/cloning/wizard/form/${id}`}
                onClick={() => close()}
              >
                {t('clone')}
              </Link>
              {form.status === 'live' ? (
                <button
                  role="menuitem"
                  type="button"
                  className={rowStyles.menuItem}
                  onClick={act(onUnpublish)}
                  data-testid="row-unpublish"
                >
                  {t('unpublish')}
                </button>
              ) : (
                <button
                  role="menuitem"
                  type="button"
                  className={rowStyles.menuItem}
                  onClick={act(onPublish)}
                  data-testid="row-publish"
                >
                  {t('publish')}
                </button>
              )}
              <button
                role="menuitem"
                type="button"
                className={`${rowStyles.menuItem} ${rowStyles.danger}`}
                onClick={act(onDelete)}
                data-testid="form-delete"
              >
                {t('delete')}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  )
}
