'use client'
// The code view of CODE templates: a monospaced textarea with a line-number gutter that scrolls
// with it, and the server's syntax errors marked on their lines ("Line 3, column 7: …"); a click
// on an error puts the cursor there.
import { useRef, type UIEvent } from 'react'
import { useTranslations } from 'next-intl'
import type { TemplateIssue } from '../api'
import styles from './editor.module.css'

export interface CodeEditorProps {
  value: string
  onChange: (value: string) => void
  issues?: TemplateIssue[]
  label: string
  readOnly?: boolean
  testId?: string
}

/** The character offset of a 1-based line and column in `text`. */
export function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split('\n')
  let offset = 0
  for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i]!.length + 1
  return Math.min(offset + Math.max(0, column - 1), text.length)
}

export function CodeEditor({ value, onChange, issues = [], label, readOnly, testId = 'code-editor' }: CodeEditorProps) {
  const t = useTranslations('templateEditor')
  const area = useRef<HTMLTextAreaElement>(null)
  const gutter = useRef<HTMLDivElement>(null)
  const lineCount = value.split('\n').length
  const errorLines = new Set(issues.filter((i) => i.line).map((i) => i.line!))

  function syncScroll(e: UIEvent<HTMLTextAreaElement>) {
    if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop
  }

  function jump(issue: TemplateIssue) {
    const el = area.current
    if (!el || !issue.line) return
    const at = offsetOf(value, issue.line, issue.column ?? 1)
    el.focus()
    el.setSelectionRange(at, at)
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 18
    el.scrollTop = Math.max(0, (issue.line - 3) * lineHeight)
  }

  return (
    <div className={styles.codeWrap}>
      {issues.length > 0 && (
        <ul className={styles.issues} role="alert" data-testid="code-issues">
          {issues.map((i, k) => (
            <li key={k}>
              {i.line ? (
                <button type="button" className={styles.issueLink} onClick={() => jump(i)}>
                  {t('lineColumn', { line: i.line, column: i.column ?? 1 })}
                </button>
              ) : i.path ? (
                <code>{i.path}</code>
              ) : null}
              <span>{i.message}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.code}>
        <div className={styles.gutter} ref={gutter} aria-hidden="true">
          {Array.from({ length: lineCount }, (_, i) => (
            <div key={i} className={errorLines.has(i + 1) ? styles.gutterError : undefined}>
              {i + 1}
            </div>
          ))}
        </div>
        <textarea
          ref={area}
          className={styles.codeArea}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onScroll={syncScroll}
          aria-label={label}
          aria-invalid={issues.length > 0}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          wrap="off"
          readOnly={readOnly}
          data-testid={testId}
        />
      </div>
    </div>
  )
}
