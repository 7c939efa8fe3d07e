'use client'
// The current company and, for members of several, a list to switch to another. Switching is a
// server change of the session's company followed by a full load of the dashboard, so every cached
// piece of the old company's data is dropped.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Avatar } from '@/components/ui/avatar'
import { FormError } from '@/components/ui/form-error'
import { Spinner } from '@/components/ui/spinner'
import { CheckIcon, ChevronDownIcon } from '@/components/ui/icons'
import { usePopover } from '@/components/ui/use-popover'
import pop from '@/components/ui/popover.module.css'
import type { HeaderData } from './header'

export const SWITCH_COMPANY_URL = '/ajax/account/switch-company'

export function AccountSwitcher({ data }: { data: Pick<HeaderData, 'companyId' | 'companyName' | 'companies'> }) {
  const t = useTranslations('header')
  const { open, toggle, rootRef, triggerRef } = usePopover()
  const [pendingId, setPendingId] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const current = data.companies.find((c) => c.id === data.companyId)
  const canSwitch = data.companies.length > 1

  async function choose(companyId: number) {
    if (companyId === data.companyId || pendingId !== null) return
    setPendingId(companyId)
    setFailed(false)
    try {
      const res = await http.post<{ redirect?: string }>(SWITCH_COMPANY_URL, { companyId })
      // A full load (see above) of the dashboard, or of /configure-mfa when the account requires
      // two-factor sign-in and this user has none.
      window.location.assign(res?.data?.redirect ?? '/dashboard')
    } catch {
      setFailed(true)
      setPendingId(null)
    }
  }

  const label = (
    <>
      <Avatar name={data.companyName} color={current?.avatarColor} size="small" shape="square" />
      <span className={pop.triggerText}>
        <span className="visually-hidden">{t('currentAccount')} </span>
        {data.companyName}
      </span>
    </>
  )

  if (!canSwitch) {
    return (
      <div className={pop.trigger} data-testid="account-name">
        {label}
      </div>
    )
  }

  return (
    <div ref={rootRef} className={pop.root}>
      <button
        ref={triggerRef}
        type="button"
        className={pop.trigger}
        aria-expanded={open}
        aria-haspopup="true"
        title={t('switchAccount')}
        onClick={toggle}
        data-testid="account-switcher"
      >
        {label}
        <ChevronDownIcon className={pop.chevron} />
      </button>
      {open && (
        <div className={`${pop.panel} ${pop.alignLeft}`}>
          <p className={pop.sectionTitle} id="account-switcher-title">
            {t('switchAccount')}
          </p>
          <ul className={pop.list} aria-labelledby="account-switcher-title">
            {data.companies.map((c) => {
              const isCurrent = c.id === data.companyId
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className={pop.item}
                    aria-current={isCurrent ? 'true' : undefined}
                    disabled={pendingId !== null}
                    onClick={() => choose(c.id)}
                  >
                    <Avatar name={c.name} color={c.avatarColor} size="small" shape="square" />
                    <span className={pop.itemText}>{c.name}</span>
                    {isCurrent && <CheckIcon className={pop.check} />}
                    {pendingId === c.id && <Spinner size="small" delayMs={0} />}
                  </button>
                </li>
              )
            })}
          </ul>
          {failed && (
            <div className={pop.error}>
              <FormError>{t('switchFailed')}</FormError>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
