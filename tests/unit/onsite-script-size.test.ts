/** @jest-environment node */
// The onsite script's size budget (issue 20 §1, §6): the core alone (identity, tracking, the
// vendor's API; forms stubbed out) stays under 12 KB gzipped, leaving the rest of the 30 KB
// budget to the forms module; the whole script (with onsite/src/forms when present) under 30 KB.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const CORE_BUDGET = 12 * 1024

test('the core bundle, minified and gzipped, is under 12 KB', () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'onsite-')), 'core.js')
  execFileSync(process.execPath, ['scripts/build-onsite.mjs', '--core', '--out', out], { stdio: 'ignore' })
  const code = fs.readFileSync(out)
  const gz = gzipSync(code, { level: 9 }).length
  console.log(`onsite core: ${code.length} bytes minified, ${gz} bytes gzipped (budget ${CORE_BUDGET})`)
  expect(gz).toBeLessThan(CORE_BUDGET)
  fs.rmSync(path.dirname(out), { recursive: true, force: true })
})

test('the whole script, forms included when present, is under 30 KB gzipped', () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'onsite-')), 'full.js')
  execFileSync(process.execPath, ['scripts/build-onsite.mjs', '--out', out], { stdio: 'ignore' })
  const code = fs.readFileSync(out)
  const gz = gzipSync(code, { level: 9 }).length
  console.log(`onsite script: ${code.length} bytes minified, ${gz} bytes gzipped (budget ${30 * 1024})`)
  expect(gz).toBeLessThan(30 * 1024)
  fs.rmSync(path.dirname(out), { recursive: true, force: true })
})
