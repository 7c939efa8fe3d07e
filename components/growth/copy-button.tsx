'use client'
// A copy-to-clipboard button that says "Copied" for a moment (and announces it).
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import styles from './growth.module.css'

export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const t = useTranslations('growth')
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      setCopied(false)
    }
  }
  return (
    <Button size="small" onClick={() => void copy()} data-testid={testId} aria-live="polite">
      {copied ? t('copied') : (label ?? t('copy'))}
    </Button>
  )
}

export function CodeSnippet({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <div className={styles.snippetWrap}>
      <pre className={styles.snippet} aria-label={label} data-testid={testId}>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} />
    </div>
  )
}
