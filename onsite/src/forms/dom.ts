// createElement with attributes and text: the only way the forms module builds DOM (never
// innerHTML with form content).
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | false | undefined> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== false) e.setAttribute(k, v)
  if (text !== undefined) e.textContent = text
  return e
}

let seq = 0
export const uid = (prefix: string) => `${prefix}-${++seq}`

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]'

export function focusables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLInputElement).disabled && !e.closest('[aria-hidden="true"],[hidden]'),
  )
}
