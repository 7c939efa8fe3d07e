// Parses a Django-style template into LiquidJS templates, through the LRU cache; syntax errors
// come back with the line and column of the merchant's source.
import type { Template } from 'liquidjs'
import { LruCache } from './parsed-template-cache'
import { templateEngine } from './template-engine'
import { lineAndColumn, translateDjangoSyntax, TranslateError } from './translate-django-syntax'
import { MAX_TEMPLATE_BYTES, TemplateSyntaxError, type TemplateMode } from './template-types'

type Parsed = { templates: Template[] } | { error: TemplateSyntaxError }

// at most 500 templates and about 64 MB of source per engine
const caches: Record<TemplateMode, LruCache<string, Parsed>> = {
  html: new LruCache(500, 64 * 1024 * 1024),
  text: new LruCache(500, 64 * 1024 * 1024),
}

export function templateSizeError(source: string): TemplateSyntaxError | null {
  // a UTF-8 character is at most 3 bytes per UTF-16 unit, so only long sources need counting
  if (source.length * 3 <= MAX_TEMPLATE_BYTES) return null
  const bytes = Buffer.byteLength(source, 'utf8')
  if (bytes <= MAX_TEMPLATE_BYTES) return null
  const mb = (bytes / (1024 * 1024)).toFixed(1)
  return new TemplateSyntaxError(`The template is ${mb} MB; the limit is 1 MB`, 1, 1)
}

function cleanMessage(message: string, source: string, offset: number): string {
  // LiquidJS appends ", line:3, col:5" and a source excerpt; we report our own position
  const first = message.split('\n')[0].replace(/,? line:\d+, col:\d+$/, '')
  // messages that quote the translated tag quote the merchant's own tag instead
  const own = /^\{%[\s\S]*?%\}/.exec(source.slice(offset))?.[0]
  const unclosed = /^tag \{%-?\s*(\w+)[\s\S]*%\} not closed$/.exec(first)
  if (unclosed && own) return `Unclosed tag ${own}: it needs {% end${unclosed[1]} %}`
  if (/^illegal tag: /.test(first) && own) return `Invalid tag ${own}`
  return first
    .replace(/^tag "(\w+)" not found$/, "Unknown tag '$1'")
    .replace(/^undefined filter: (\w+)$/, "Unknown filter '$1'")
}

function parseUncached(source: string, mode: TemplateMode): Parsed {
  const tooBig = templateSizeError(source)
  if (tooBig) return { error: tooBig }
  let translated
  try {
    translated = translateDjangoSyntax(source)
  } catch (e) {
    if (e instanceof TranslateError) {
      const { line, column } = lineAndColumn(source, e.offset)
      return { error: new TemplateSyntaxError(e.message, line, column) }
    }
    throw e
  }
  try {
    return { templates: templateEngine(mode).parse(translated.liquid) }
  } catch (e) {
    const err = e as { message?: string; originalError?: Error; token?: { begin?: number } }
    const begin = typeof err.token?.begin === 'number' ? translated.toSourceOffset(err.token.begin) : 0
    const { line, column } = lineAndColumn(source, begin)
    const message = cleanMessage(err.originalError?.message ?? err.message ?? 'Syntax error', source, begin)
    return { error: new TemplateSyntaxError(message, line, column) }
  }
}

/** The parsed form of a source, or a TemplateSyntaxError (cached either way). */
export function parseTemplate(source: string, mode: TemplateMode): Parsed {
  const cache = caches[mode]
  let parsed = cache.get(source)
  if (!parsed) {
    parsed = parseUncached(source, mode)
    cache.set(source, parsed, source.length + 256)
  }
  return parsed
}

export function clearParsedTemplateCache(): void {
  caches.html.clear()
  caches.text.clear()
}

export function parsedTemplateCacheSize(mode: TemplateMode): number {
  return caches[mode].size
}
