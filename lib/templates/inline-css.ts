// Inlines <style> rules into style attributes (email clients drop <style>); media queries stay.
import juice from 'juice'
import { protectTemplateTokens } from './protect-template-tokens'

export function inlineCss(html: string): { html: string; warning?: string } {
  const guarded = protectTemplateTokens(html)
  try {
    const out = juice(guarded.html, {
      preserveMediaQueries: true,
      preserveFontFaces: true,
      applyWidthAttributes: true,
      applyHeightAttributes: false,
    })
    return { html: guarded.restore(out) }
  } catch (e) {
    return { html, warning: `CSS could not be inlined: ${(e as Error).message}` }
  }
}
