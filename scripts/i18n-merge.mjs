#!/usr/bin/env node
// Merges translated strings into messages/<locale>.json in one quick read-modify-write per file,
// so several people (or agents) adding keys at once do not overwrite each other's edits.
// Usage: node scripts/i18n-merge.mjs patch.json
//   patch.json: { "en-US": { "namespace": { "key": "text" } }, "de-DE": { … }, … }
// A key set to null is deleted. Files keep two-space indentation and a trailing newline.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const patchFile = process.argv[2]
if (!patchFile) {
  console.error('usage: node scripts/i18n-merge.mjs patch.json')
  process.exit(2)
}
const patch = JSON.parse(fs.readFileSync(patchFile, 'utf8'))

function merge(base, over) {
  for (const [k, v] of Object.entries(over)) {
    if (v === null) delete base[k]
    else if (typeof v === 'object' && typeof base[k] === 'object' && base[k] !== null) merge(base[k], v)
    else base[k] = v
  }
  return base
}

for (const [locale, tree] of Object.entries(patch)) {
  const file = path.join(root, 'messages', `${locale}.json`)
  if (!fs.existsSync(file)) {
    console.error(`no messages file for ${locale}`)
    process.exit(2)
  }
  const current = JSON.parse(fs.readFileSync(file, 'utf8'))
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, JSON.stringify(merge(current, tree), null, 2) + '\n')
  fs.renameSync(tmp, file)
}
console.log(`merged ${Object.keys(patch).length} locale(s)`)
