// Bundles the onsite script (onsite/src, issue 20) into .onsite/klaviyo.js: esbuild, minified,
// ES2018, one IIFE. `npm run build` runs it; the serving route runs it when the file is missing
// or (outside production) older than its sources. The forms module (onsite/src/forms/index.ts)
// is bundled when it exists, else the stub (onsite/src/forms-stub.ts); `--core` forces the stub
// (the size check of the core alone). Written to a temporary file and renamed, so a concurrent
// reader never sees half a script.
//   node scripts/build-onsite.mjs [--core] [--out file]
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FORMS = path.join(root, 'onsite/src/forms/index.ts')

export async function buildOnsite({ core = false, out = path.join(root, '.onsite/klaviyo.js') } = {}) {
  const useForms = !core && fs.existsSync(FORMS)
  const formsPlugin = {
    name: 'onsite-forms',
    setup(b) {
      b.onResolve({ filter: /^\.\/forms-entry$/ }, () => ({
        path: useForms ? FORMS : path.join(root, 'onsite/src/forms-stub.ts'),
      }))
      // The reviews widget (issue 24) rides with the forms: left out of the core-only build.
      b.onResolve({ filter: /^\.\/reviews-entry$/ }, () => ({
        path: core ? path.join(root, 'onsite/src/reviews-stub.ts') : path.join(root, 'onsite/src/reviews/index.ts'),
      }))
    },
  }
  const result = await build({
    entryPoints: [path.join(root, 'onsite/src/index.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2018',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    plugins: [formsPlugin],
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].text
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const tmp = `${out}.${process.pid}.${Date.now()}.tmp`
  fs.writeFileSync(tmp, code)
  fs.renameSync(tmp, out)
  return { out, bytes: Buffer.byteLength(code), forms: useForms }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const outAt = args.indexOf('--out')
  const r = await buildOnsite({
    core: args.includes('--core'),
    ...(outAt >= 0 ? { out: path.resolve(args[outAt + 1]) } : {}),
  })
  console.log(`onsite script: ${path.relative(root, r.out)} ${r.bytes} bytes${r.forms ? ' (with forms)' : ' (core)'}`)
}
