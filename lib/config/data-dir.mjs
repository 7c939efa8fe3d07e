// Where the product keeps its files: DATA_DIR (./data by default, relative to the project root).
// Plain JavaScript so the app and the Node scripts (database-url.mjs) resolve it the same way.
// An install that sets DATA_DIR after its ./data/<name> was made keeps using the old file until
// it is moved: a fresh secrets key there would leave every saved credential unreadable, and a
// fresh database would look like a new install.
import fs from 'node:fs'
import path from 'node:path'

export function dataDir(cwd = process.cwd()) {
  return path.resolve(/*turbopackIgnore: true*/ cwd, process.env.DATA_DIR || 'data')
}

/** A file or folder under DATA_DIR, or the one already made under ./data before DATA_DIR was set. */
export function dataPath(name, cwd = process.cwd()) {
  const file = path.join(dataDir(cwd), name)
  const legacy = path.resolve(/*turbopackIgnore: true*/ cwd, 'data', name)
  return file !== legacy && !fs.existsSync(file) && fs.existsSync(legacy) ? legacy : file
}
