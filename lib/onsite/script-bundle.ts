// The bundled onsite script (.onsite/klaviyo.js, made by scripts/build-onsite.mjs). Built on
// demand when missing (dev, tests, a start without `npm run build`) and, outside production,
// when a source under onsite/src is newer, so an edit shows on the next load. One build at a
// time per process; the script itself writes atomically, so concurrent processes are safe.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { reportError } from '@/lib/errors/reporter'

const root = () => process.cwd()
const bundlePath = () => path.join(/*turbopackIgnore: true*/ root(), '.onsite', 'klaviyo.js')

let cached: { mtimeMs: number; code: string } | null = null
let building: Promise<void> | null = null

function newestSource(dir: string): number {
  let newest = 0
  let entries: fs.Dirent[]
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  for (const e of entries) {
    const p = path.join(dir, e.name)
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs)
  }
  return newest
}

function build(): Promise<void> {
  building ??= new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(/*turbopackIgnore: true*/ root(), 'scripts', 'build-onsite.mjs')],
      { cwd: root(), timeout: 60_000 },
      (error, _out, stderr) => {
        if (error) reject(new Error(`The onsite script did not build: ${stderr || error.message}`))
        else resolve()
      },
    )
  }).finally(() => {
    building = null
  })
  return building
}

/** The minified script, built first when needed. */
export async function onsiteBundle(): Promise<string> {
  let stat = fs.statSync(bundlePath(), { throwIfNoEntry: false })
  const stale =
    stat && process.env.NODE_ENV !== 'production' && newestSource(path.join(root(), 'onsite', 'src')) > stat.mtimeMs
  if (!stat || stale) {
    try {
      await build()
    } catch (e) {
      // A source being edited may not build for a moment: the last good bundle serves meanwhile.
      if (!stat) throw e
      reportError({ error: e, route: '/onsite/js/klaviyo.js', extra: { where: 'onsite build' } })
    }
    stat = fs.statSync(bundlePath())
  }
  if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, code: fs.readFileSync(bundlePath(), 'utf8') }
  return cached.code
}
