'use client'
// The editor's way to its /translate view: the same editor context (campaign, flow message …)
// when opened from one, else the template's own.
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'

export function TranslateLink({ templateId }: { templateId: string }) {
  const t = useTranslations('templateTranslate')
  const pathname = usePathname()
  const href =
    pathname?.startsWith('/email-template-editor/') && !pathname.endsWith('/translate')
      ? `${pathname}/translate`
      : `/email-template-editor/template/${encodeURIComponent(templateId)}/translate`
  return (
    <Link href={href} data-testid="open-translate">
      {t('translate')}
    </Link>
  )
}
