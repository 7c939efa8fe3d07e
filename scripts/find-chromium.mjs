// Finds a Chromium for the browser tests: CHROMIUM_PATH, /usr/bin/chromium, or Playwright's
// own browser. With none, installs one (Playwright's download, then Debian's package when
// root), or stops with a message that says how.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

function playwrightBrowser() {
  try {
    const p = require('playwright-core').chromium.executablePath()
    return p && fs.existsSync(p) ? p : null
  } catch {
    return null
  }
}

function found() {
  const env = process.env.CHROMIUM_PATH
  if (env) {
    if (fs.existsSync(env)) return env
    console.error(`CHROMIUM_PATH is set to ${env}, but nothing is there.`)
    process.exit(1)
  }
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (fs.existsSync(p)) return p
  return playwrightBrowser()
}

export function findChromium() {
  let path = found()
  if (path) return path
  console.log('No Chromium found: trying `npx playwright install chromium`…')
  try {
    execSync('npx playwright install chromium', { stdio: 'inherit', timeout: 300_000 })
    path = playwrightBrowser()
    if (path) return path
  } catch {}
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && fs.existsSync('/etc/debian_version')) {
    console.log("Installing Debian's chromium package…")
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
        stdio: 'inherit',
        timeout: 600_000,
      })
      if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
    } catch {}
  }
  console.error(
    [
      'The browser tests need Chromium and none could be found or installed.',
      'Install one, then run npm test again:',
      '  Debian/Ubuntu:  sudo apt-get install -y chromium',
      '  anywhere else:  npx playwright install chromium',
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  )
  process.exit(1)
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium())
