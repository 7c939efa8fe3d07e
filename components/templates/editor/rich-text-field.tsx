'use client'
// The text block's editor (issue 30 §4): formatted text instead of a raw HTML textarea, with a
// toolbar for bold, italic, underline, links, lists, headings, alignment and template variables,
// and an HTML view for those who want the source. What it reports has been through the email
// sanitizer, and content it is given is sanitized before it is shown, so no handler or script
// ever runs in the editor's page (the server sanitizes text blocks again when it saves).
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { sanitizeEmailHtml } from '@/lib/templates/sanitize-email-html'
import { AreaField } from './fields'
import { isUsableLink, rangeIn, restoreRange, runCommand, type RichCommand } from './rich-text-commands'
import styles from './editor.module.css'

const VARIABLES = [
  { key: 'varFirstName', tag: '{{ first_name }}' },
  { key: 'varLastName', tag: '{{ last_name }}' },
  { key: 'varEmail', tag: '{{ email }}' },
  { key: 'varOrganization', tag: '{{ organization.name }}' },
] as const
const BLOCK_FORMATS = [
  ['p', 'rtParagraph'],
  ['h1', 'rtHeading1'],
  ['h2', 'rtHeading2'],
  ['h3', 'rtHeading3'],
] as const

/** Sanitizer warnings that mean something was removed (a closed tag is only a repair). */
const removedSomething = (warnings: { message: string }[]) => warnings.some((w) => !w.message.includes('is not closed'))

export function RichTextField({
  label,
  value,
  onChange,
  hint,
}: {
  label: string
  value: string
  onChange: (html: string) => void
  hint?: string
}) {
  const t = useTranslations('templateEditor')
  const labelId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const emitted = useRef<string | null>(null)
  const saved = useRef<Range | null>(null)
  const [html, setHtml] = useState(false)
  const [editable, setEditable] = useState(true)
  const [link, setLink] = useState<string | null>(null)
  const [linkInvalid, setLinkInvalid] = useState(false)

  // Content from outside (another block, undo, the HTML view) replaces the field's; its own edits do not.
  useEffect(() => {
    const el = ref.current
    if (!el || value === emitted.current) return
    el.innerHTML = sanitizeEmailHtml(value).html
    emitted.current = value
  }, [value])

  // A read-only editor disables its fieldset, which a contentEditable does not follow by itself.
  useEffect(() => {
    setEditable(!ref.current?.closest('fieldset:disabled'))
  }, [])

  // The toolbar and the link field take focus; the last selection inside the text is kept for them.
  useEffect(() => {
    const keep = () => {
      const r = ref.current && rangeIn(ref.current)
      if (r) saved.current = r.cloneRange()
    }
    document.addEventListener('selectionchange', keep)
    return () => document.removeEventListener('selectionchange', keep)
  }, [])

  function emit() {
    const el = ref.current!
    const clean = sanitizeEmailHtml(el.innerHTML)
    // something unsafe came in (pasted): show what is kept, not what was removed
    if (removedSomething(clean.warnings)) el.innerHTML = clean.html
    emitted.current = clean.html
    onChange(clean.html)
  }

  function exec(command: RichCommand, arg?: string) {
    const el = ref.current
    if (!el) return
    // the selects and the link field have focus now: the command acts on the text's selection
    const range = rangeIn(el)?.cloneRange() ?? saved.current
    if (document.activeElement !== el) el.focus()
    restoreRange(el, range)
    if (runCommand(el, command, arg)) emit()
  }

  function openLink() {
    // the link field takes focus: keep the text the link is for
    const r = ref.current && rangeIn(ref.current)
    if (r) saved.current = r.cloneRange()
    setLink(link === null ? 'https://' : null)
    setLinkInvalid(false)
  }

  function applyLink() {
    if (link === null || !isUsableLink(link)) return setLinkInvalid(true)
    exec('createLink', link.trim())
    setLink(null)
    setLinkInvalid(false)
  }

  // Buttons keep the text's selection: they act on it without taking focus.
  const tool = (command: RichCommand, name: string, text: string, arg?: string) => (
    <button
      type="button"
      className={styles.rtButton}
      aria-label={name}
      title={name}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => exec(command, arg)}
      data-testid={`rt-${command}${arg ? `-${arg}` : ''}`}
    >
      {text}
    </button>
  )

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.fieldLabel}>
        {label}
      </span>
      <div className={styles.rtToolbar} role="toolbar" aria-label={t('rtToolbar')} hidden={html}>
        {tool('bold', t('rtBold'), 'B')}
        {tool('italic', t('rtItalic'), 'I')}
        {tool('underline', t('rtUnderline'), 'U')}
        <button
          type="button"
          className={styles.rtButton}
          aria-label={t('rtLink')}
          title={t('rtLink')}
          aria-expanded={link !== null}
          onMouseDown={(e) => e.preventDefault()}
          onClick={openLink}
          data-testid="rt-link"
        >
          {t('rtLinkShort')}
        </button>
        {tool('insertUnorderedList', t('rtBulletList'), '•')}
        {tool('insertOrderedList', t('rtNumberedList'), '1.')}
        {tool('justifyLeft', t('alignLeft'), '⇤')}
        {tool('justifyCenter', t('alignCenter'), '↔')}
        {tool('justifyRight', t('alignRight'), '⇥')}
        <select
          className={styles.rtSelect}
          aria-label={t('rtBlockFormat')}
          value=""
          onChange={(e) => {
            if (e.target.value) exec('formatBlock', `<${e.target.value}>`)
          }}
          data-testid="rt-format"
        >
          <option value="">{t('rtBlockFormat')}</option>
          {BLOCK_FORMATS.map(([tag, key]) => (
            <option key={tag} value={tag}>
              {t(key)}
            </option>
          ))}
        </select>
        <select
          className={styles.rtSelect}
          aria-label={t('rtInsertVariable')}
          value=""
          onChange={(e) => {
            if (e.target.value) exec('insertText', e.target.value)
          }}
          data-testid="rt-variable"
        >
          <option value="">{t('rtInsertVariable')}</option>
          {VARIABLES.map((v) => (
            <option key={v.key} value={v.tag}>
              {t(v.key)}
            </option>
          ))}
        </select>
      </div>
      {link !== null && !html && (
        <div className={styles.rtLinkRow}>
          <input
            type="text"
            className={styles.input}
            aria-label={t('rtLinkAddress')}
            value={link}
            autoFocus
            aria-invalid={linkInvalid}
            onChange={(e) => setLink(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                applyLink()
              }
            }}
            data-testid="rt-link-href"
          />
          <button type="button" className={styles.rtButton} onClick={applyLink} data-testid="rt-link-apply">
            {t('rtApply')}
          </button>
          {linkInvalid && (
            <span className={styles.fieldHint} role="alert">
              {t('rtLinkInvalid')}
            </span>
          )}
        </div>
      )}
      <div
        ref={ref}
        className={styles.rtArea}
        contentEditable={editable && !html}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        hidden={html}
        onInput={emit}
        data-testid="rich-text"
      />
      {html && <AreaField label={t('htmlCode')} value={value} onChange={onChange} rows={8} testId="text-html" />}
      <div className={styles.rtFooter}>
        {hint && <span className={styles.fieldHint}>{hint}</span>}
        <button
          type="button"
          className={styles.rtButton}
          aria-pressed={html}
          onClick={() => setHtml(!html)}
          data-testid="text-mode-html"
        >
          {t('rtHtmlView')}
        </button>
      </div>
    </div>
  )
}
