// HTML tools (htmlparser2, juice) do not know template tags: a tag between table rows or inside
// an element's attribute list would be moved or mangled. Each {{ }}, {% %} and {# #} is swapped
// for a plain placeholder word while HTML is processed, then put back.

const TOKEN = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g

export interface ProtectedHtml {
  html: string
  restore(html: string): string
  /** Maps an offset in the protected html back to the original source. */
  toSourceOffset(offset: number): number
}

export function protectTemplateTokens(source: string): ProtectedHtml {
  const tokens: string[] = []
  const shifts: { at: number; delta: number }[] = []
  // correction: original offset minus protected offset, after each placeholder
  let correction = 0
  // a random-free but unlikely marker; a source that already contains it is left as it is
  const mark = source.includes('xtplx') ? null : 'xtplx'
  const html = mark
    ? source.replace(TOKEN, (token, offset: number) => {
        const placeholder = `${mark}${tokens.length}${mark}`
        tokens.push(token)
        const at = offset - correction + placeholder.length
        correction += token.length - placeholder.length
        shifts.push({ at, delta: correction })
        return placeholder
      })
    : source
  return {
    html,
    restore(out: string) {
      if (!mark) return out
      return out.replace(new RegExp(`${mark}(\\d+)${mark}(?:="")?`, 'g'), (_m, i: string) => tokens[Number(i)] ?? '')
    },
    toSourceOffset(offset: number) {
      let d = 0
      for (const s of shifts) {
        if (s.at <= offset) d = s.delta
        else break
      }
      return offset + d
    },
  }
}
