// The two LiquidJS engines (email HTML with Django's autoescape, and text/SMS without) configured
// for the vendor's Django-style language: Django filters, tags, operators and truthiness.
import { Liquid, defaultOperators, toValue, type Operators } from 'liquidjs'
import { add, currencyFormat, floatformat, pluralize } from './filters-number'
import {
  capfirst,
  escape,
  linebreaksbr,
  lower,
  striptags,
  title,
  truncatechars,
  truncatewords,
  upper,
  urlencode,
  yesno,
} from './filters-text'
import { defaultFilter, defaultIfNone, first, join, last, length, lookup, slice } from './filters-collections'
import { formatDjangoDate } from './format-django-date'
import { registerTemplateTags } from './template-tags'
import { registerCatalogTags } from './tags-catalog'
import { templateEnv } from './template-env'
import { escapeHtml, isDjangoTruthy, toText } from './template-output'
import { CountingEmitter, memoryOf, type RenderBudget } from './render-limits'
import type { TemplateMode } from './template-types'

// operands may be drops (forloop); toValue reads their value as LiquidJS's own operators do
const resolve = (v: unknown) => toValue(v)

function contains(container: unknown, item: unknown): boolean {
  if (typeof container === 'string') return typeof item === 'string' && container.includes(item)
  if (Array.isArray(container)) return container.includes(item)
  if (container && typeof container === 'object')
    return typeof item === 'string' && Object.prototype.hasOwnProperty.call(container, item)
  return false
}

const djangoOperators: Operators = {
  ...defaultOperators,
  and: function* (l: unknown, r: unknown) {
    return isDjangoTruthy(yield resolve(l)) && isDjangoTruthy(yield resolve(r))
  },
  or: function* (l: unknown, r: unknown) {
    return isDjangoTruthy(yield resolve(l)) || isDjangoTruthy(yield resolve(r))
  },
  not: function* (v: unknown) {
    return !isDjangoTruthy(yield resolve(v))
  },
  in: function* (l: unknown, r: unknown) {
    return contains(yield resolve(r), yield resolve(l))
  },
  not_in: function* (l: unknown, r: unknown) {
    return !contains(yield resolve(r), yield resolve(l))
  },
}

function createEngine(mode: TemplateMode): Liquid {
  const liquid = new Liquid({
    strictVariables: false,
    strictFilters: true,
    ownPropertyOnly: true,
    groupedExpressions: true,
    operators: djangoOperators,
    outputEscape: mode === 'html' ? (v: unknown) => escapeHtml(toText(v)) : (v: unknown) => toText(v),
    cache: false,
    // renderTemplate gives every render its RenderBudget (render-limits.ts); these are the
    // fallbacks of a context made without one
    renderLimit: 200,
    memoryLimit: 2e7,
    parseLimit: 1e7,
  })
  countOutputs(liquid)
  const raw = (handler: (...args: never[]) => unknown) => ({ handler, raw: true })
  const filters: Record<string, unknown> = {
    default: defaultFilter,
    default_if_none: defaultIfNone,
    title,
    capfirst,
    upper,
    lower,
    floatformat,
    truncatechars,
    truncatewords,
    pluralize,
    striptags,
    length,
    join,
    slice,
    add,
    urlencode,
    first,
    last,
    lookup,
    yesno,
    currency_format: currencyFormat,
    django_truthy: isDjangoTruthy,
    safe: raw((v: unknown) => v),
    escape: mode === 'html' ? raw(escape) : (v: unknown) => v,
    force_escape: mode === 'html' ? raw(escape) : (v: unknown) => v,
    linebreaksbr: mode === 'html' ? raw(linebreaksbr) : (v: unknown) => v,
    date: function (this: { context: Parameters<typeof templateEnv>[0] }, value: unknown, format?: unknown) {
      return formatDjangoDate(value, format, templateEnv(this.context))
    },
  }
  for (const [name, filter] of Object.entries(filters)) liquid.registerFilter(name, charged(filter) as never)
  registerTemplateTags(liquid)
  registerCatalogTags(liquid)
  return liquid
}

type FilterThis = { context: { memoryLimit: { use(n: number): void } } }
type FilterFn = (this: FilterThis, ...args: unknown[]) => unknown

/** Our filters build strings and lists as LiquidJS's own do, and are charged the same way (|add doubles a string). */
function charged(filter: unknown): unknown {
  const wrap = (fn: FilterFn): FilterFn =>
    function (this: FilterThis, ...args: unknown[]) {
      const out = fn.apply(this, args)
      this.context.memoryLimit.use(memoryOf(out))
      return out
    }
  if (typeof filter === 'function') return wrap(filter as FilterFn)
  const f = filter as { handler: FilterFn; raw: boolean }
  return { ...f, handler: wrap(f.handler) }
}

/**
 * Every output LiquidJS makes (the message and each {% capture %}) becomes a CountingEmitter
 * charged to the render's budget; loops and blocks write into their parent's, so nothing a
 * template prints escapes the count.
 */
function countOutputs(liquid: Liquid): void {
  const renderer = liquid.renderer
  const renderTemplates = renderer.renderTemplates.bind(renderer)
  renderer.renderTemplates = (templates, ctx, emitter) => {
    const budget = (ctx.renderLimit as { budget?: RenderBudget }).budget
    return renderTemplates(templates, ctx, emitter ?? new CountingEmitter(budget))
  }
}

const engines: Partial<Record<TemplateMode, Liquid>> = {}

export function templateEngine(mode: TemplateMode): Liquid {
  return (engines[mode] ??= createEngine(mode))
}
