// Formatting commands of the text block's rich-text field. The browser's document.execCommand
// does the real work (it toggles, splits and merges across blocks); where it is missing or
// refuses (jsdom, a selection outside the field) the inline commands fall back to wrapping the
// selected range, so bold, italic, underline, links and inserted variables still work.
export type RichCommand =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'createLink'
  | 'unlink'
  | 'insertText'
  | 'insertUnorderedList'
  | 'insertOrderedList'
  | 'formatBlock'
  | 'justifyLeft'
  | 'justifyCenter'
  | 'justifyRight'

const WRAP_TAG: Partial<Record<RichCommand, string>> = { bold: 'strong', italic: 'em', underline: 'u', createLink: 'a' }

/** The selection's range when it lies inside `root`, else null. */
export function rangeIn(root: HTMLElement): Range | null {
  const sel = root.ownerDocument.getSelection()
  if (!sel || sel.rangeCount === 0) return null
  const range = sel.getRangeAt(0)
  return root.contains(range.commonAncestorContainer) ? range : null
}

export function restoreRange(root: HTMLElement, range: Range | null): void {
  if (!range) return
  const sel = root.ownerDocument.getSelection()
  sel?.removeAllRanges()
  sel?.addRange(range)
}

function fallback(root: HTMLElement, command: RichCommand, value?: string): boolean {
  const range = rangeIn(root)
  if (!range) return false
  const doc = root.ownerDocument
  if (command === 'insertText') {
    range.deleteContents()
    const node = doc.createTextNode(value ?? '')
    range.insertNode(node)
    range.setStartAfter(node)
    range.collapse(true)
    restoreRange(root, range)
    return true
  }
  const tag = WRAP_TAG[command]
  if (!tag || range.collapsed) return false
  const el = doc.createElement(tag)
  if (tag === 'a') el.setAttribute('href', value ?? '')
  el.appendChild(range.extractContents())
  range.insertNode(el)
  range.selectNodeContents(el)
  restoreRange(root, range)
  return true
}

/** Runs a command on the selection inside `root`; true when something changed. */
export function runCommand(root: HTMLElement, command: RichCommand, value?: string): boolean {
  const doc = root.ownerDocument
  if (!rangeIn(root)) return false
  let done = false
  try {
    done = typeof doc.execCommand === 'function' && doc.execCommand(command, false, value)
  } catch {
    done = false
  }
  return done || fallback(root, command, value)
}

/** A link the email may carry: http(s), mailto:, tel: or a template variable. */
export function isUsableLink(href: string): boolean {
  return /^(https?:\/\/\S+|mailto:\S+|tel:\S+|\{[{%])/i.test(href.trim())
}
