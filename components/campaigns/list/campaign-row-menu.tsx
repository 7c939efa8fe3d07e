'use client'
// The per-row menu of /campaigns: edit or open the report, clone, pause/resume, cancel, revert
// to draft, archive or unarchive, delete. Each action the campaign's status allows.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { usePopover } from '@/components/ui/use-popover'
import rowStyles from '@/components/ui/list-rows.module.css'
import type { CampaignView } from '../campaigns-api'

export type RowAction = 'clone' | 'pause' | 'resume' | 'cancel' | 'revert-to-draft' | 'archive' | 'unarchive' | 'delete'

const SENDING = ['Sending', 'Preparing to send', 'Adding Recipients', 'Sending Segments', 'Variations Sent']

export function allowedActions(c: CampaignView): RowAction[] {
  const out: RowAction[] = ['clone']
  if (SENDING.includes(c.status)) out.push('pause')
  if (c.status === 'Paused') out.push('resume')
  if (c.status === 'Scheduled' || SENDING.includes(c.status) || c.status === 'Paused') out.push('cancel')
  if (c.status === 'Scheduled' || c.status === 'Cancelled' || c.status === 'Paused') out.push('revert-to-draft')
  out.push(c.archived ? 'unarchive' : 'archive')
  if (!SENDING.includes(c.status)) out.push('delete')
  return out
}

export function campaignHref(c: CampaignView): string {
  return c.status === 'Draft'
    ? `/campaign/${encodeURIComponent(c.id)}/wizard/audience`
    : `/campaign/${encodeURIComponent(c.id)}/reports/overview`
}

export function CampaignRowMenu({
  campaign,
  canWrite,
  onAction,
}: {
  campaign: CampaignView
  canWrite: boolean
  onAction: (a: RowAction, c: CampaignView) => void
}) {
  const t = useTranslations('campaigns')
  const tc = useTranslations('crossAccountClone')
  const { open, toggle, close, rootRef, triggerRef } = usePopover()
  const label: Record<RowAction, string> = {
    clone: t('actionClone'),
    pause: t('actionPause'),
    resume: t('actionResume'),
    cancel: t('actionCancel'),
    'revert-to-draft': t('actionRevert'),
    archive: t('actionArchive'),
    unarchive: t('actionUnarchive'),
    delete: t('actionDelete'),
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
        aria-label={t('rowMenu', { name: campaign.name })}
        data-testid="campaign-row-menu"
      >
        ⋯
      </button>
      {open && (
        <div className={rowStyles.menu} role="menu">
          <Link role="menuitem" className={rowStyles.menuItem} href={campaignHref(campaign)} onClick={() => close()}>
            {campaign.status === 'Draft' ? t('actionEdit') : t('actionReport')}
          </Link>
          <Link
            role="menuitem"
            className={rowStyles.menuItem}
            href={`/campaign/${encodeURIComponent(campaign.id)}/cross-account-clone/select`}
            onClick={() => close()}
          >
            {tc('menuItem')}
          </Link>
          {canWrite &&
            allowedActions(campaign).map((a) => (
              <button
                key={a}
                role="menuitem"
                type="button"
                className={`${rowStyles.menuItem} ${a === 'delete' || a === 'cancel' ? rowStyles.danger : ''}`}
                onClick={() => {
                  close()
                  onAction(a, campaign)
                }}
                data-testid={`campaign-action-${a}`}
              >
                {label[a]}
              </button>
            ))}
        </div>
      )}
    </div>
  )
}
