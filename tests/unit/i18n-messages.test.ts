// Messages files: every key used in code exists in en-US, every en-US key is used somewhere,
// and no other locale carries keys that en-US lacks (they would never be shown).
import fs from 'node:fs'
import path from 'node:path'
import { LOCALES } from '@/lib/i18n/locales'
import { ROUTES } from '@/lib/routes/registry'
import { TIMEFRAME_PRESETS, TIMEFRAME_AGGREGATORS } from '@/lib/i18n/timeframes'

type Tree = { [k: string]: string | Tree }
const root = path.resolve(__dirname, '../..')
const read = (l: string) => JSON.parse(fs.readFileSync(path.join(root, 'messages', `${l}.json`), 'utf8')) as Tree

function flatten(t: Tree, prefix = ''): string[] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : flatten(v, `${prefix}${k}.`)))
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(p)
    return /\.(ts|tsx)$/.test(e.name) ? [p] : []
  })
}

const en = read('en-US')
const enKeys = new Set(flatten(en))
const files = ['app', 'components', 'lib'].flatMap((d) => sourceFiles(path.join(root, d)))
const sources = files.map((f) => ({ file: path.relative(root, f), text: fs.readFileSync(f, 'utf8') }))

/** Keys referenced as t('key') where t = useTranslations('ns') / getTranslations('ns'). */
function staticUses(): { file: string; key: string }[] {
  const out: { file: string; key: string }[] = []
  for (const { file, text } of sources) {
    const vars = new Map<string, string>()
    const decl =
      /(?:const|let)\s+(\w+)\s*=\s*(?:await\s+)?(?:useTranslations|getTranslations)\(\s*['"]([\w.]+)['"]\s*\)/g
    for (const m of text.matchAll(decl)) vars.set(m[1]!, m[2]!)
    const inline = /\(\s*await\s+getTranslations\(\s*['"]([\w.]+)['"]\s*\)\s*\)\(\s*['"]([\w.]+)['"]/g
    for (const m of text.matchAll(inline)) out.push({ file, key: `${m[1]}.${m[2]}` })
    for (const [v, ns] of vars) {
      const call = new RegExp(`\\b${v}(?:\\.rich|\\.markup|\\.has)?\\(\\s*['"]([\\w.]+)['"]`, 'g')
      for (const m of text.matchAll(call)) out.push({ file, key: `${ns}.${m[1]}` })
    }
  }
  return out
}

// Namespaces whose keys are data (looked up with a variable): checked against that data.
const DATA_NAMESPACES: Record<string, string[]> = {
  areas: [...new Set(ROUTES.map((r) => r.area))],
  timeframes: [...TIMEFRAME_PRESETS],
  aggregators: [...TIMEFRAME_AGGREGATORS],
}

test('every key used in code exists in en-US', () => {
  const missing = staticUses()
    .filter((u) => !enKeys.has(u.key))
    .map((u) => `${u.file}: ${u.key}`)
  expect(missing).toEqual([])
})

test('data namespaces cover their data exactly', () => {
  for (const [ns, keys] of Object.entries(DATA_NAMESPACES)) {
    const have = Object.keys((en[ns] as Tree) ?? {}).sort()
    expect({ ns, keys: have }).toEqual({ ns, keys: [...keys].sort() })
  }
})

test('every en-US key is used', () => {
  const used = new Set(staticUses().map((u) => u.key))
  const all = sources.map((s) => s.text).join('\n')
  const unused = [...enKeys].filter((k) => {
    const ns = k.split('.')[0]!
    if (ns in DATA_NAMESPACES || used.has(k)) return false
    const leaf = k.split('.').pop()!
    // Keys reached through a variable (e.g. nav labelKey, a status name) still appear as a string literal.
    return !new RegExp(`['"\`]${leaf.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`).test(all)
  })
  expect(unused).toEqual([])
})

/** The ICU arguments a message uses ({name}, {count, plural, …}), read with the ICU parser: a select option's translated text is not an argument. */
function argumentNames(message: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parse } = require('@formatjs/icu-messageformat-parser') as typeof import('@formatjs/icu-messageformat-parser')
  type El = { type: number; value?: string; options?: Record<string, { value: El[] }>; children?: El[] }
  const out = new Set<string>()
  const walk = (els: El[]) => {
    for (const e of els) {
      if (e.type >= 1 && e.type <= 6 && typeof e.value === 'string') out.add(e.value)
      for (const o of Object.values(e.options ?? {})) walk(o.value)
      if (e.children) walk(e.children)
    }
  }
  try {
    walk(parse(message, { ignoreTag: true }) as unknown as El[])
  } catch {
    return [`(unparsable: ${message})`]
  }
  return [...out].sort()
}

test.each(LOCALES.filter((l) => l !== 'en-US'))('%s has no keys that en-US lacks and valid placeholders', (locale) => {
  const t = read(locale)
  const keys = flatten(t)
  expect(keys.filter((k) => !enKeys.has(k))).toEqual([])
  const get = (tree: Tree, key: string) =>
    key.split('.').reduce<string | Tree>((n, p) => (n as Tree)[p]!, tree) as string
  for (const k of keys) {
    const names = (s: string) => argumentNames(s)
    expect({ k, p: names(get(t, k)) }).toEqual({ k, p: names(get(en, k)) })
  }
})

test('the shell strings are translated in every locale', () => {
  const shellNamespaces = ['notFound', 'noAccess', 'errorPage', 'sessionModal', 'login', 'library']
  for (const locale of LOCALES.filter((l) => l !== 'en-US' && l !== 'en-GB')) {
    const t = read(locale)
    for (const ns of shellNamespaces) expect({ locale, ns, present: ns in t }).toEqual({ locale, ns, present: true })
  }
})

test.each(LOCALES)('every %s message is valid ICU MessageFormat', (locale) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { IntlMessageFormat } = require('intl-messageformat') as typeof import('intl-messageformat')
  const t = read(locale)
  const get = (key: string) => key.split('.').reduce<string | Tree>((n, p) => (n as Tree)[p]!, t) as string
  const broken = flatten(t).filter((k) => {
    try {
      new IntlMessageFormat(get(k), locale)
      return false
    } catch {
      return true
    }
  })
  expect(broken).toEqual([])
})
