// The JavaScript of the sandbox's worker thread (lib/flows/sandbox/run-code.ts starts it with
// `new Worker(SANDBOX_WORKER_SOURCE, { eval: true })`). Plain CommonJS kept as text, so no
// bundler or transpiler touches it and it runs the same under Next, the job worker and Jest.
//
// Inside the thread, QuickJS compiled to WebAssembly runs the merchant's code with QuickJS's
// own limits (memory limit, stack limit, an interrupt handler polled between bytecodes). Some
// built-ins (a huge String.prototype.repeat near the memory limit) run long without reaching
// the interrupt handler: the host thread's timer then terminates this whole thread, which is
// why the code never runs on the host's own thread.
export const SANDBOX_WORKER_SOURCE = String.raw`
'use strict'
const { parentPort } = require('node:worker_threads')
let mod = null

function wrap(source) {
  return '"use strict";\n(function (input, profile, event) {\n' + source +
    '\n;return typeof main === "function" ? main(input) : undefined\n})(globalThis.__input, globalThis.__input.profile, globalThis.__input.event)'
}

function errorText(vm, h) {
  const e = vm.dump(h)
  h.dispose()
  if (typeof e === 'string') return e
  if (e && typeof e === 'object') return (e.name || 'Error') + ': ' + (e.message !== undefined ? e.message : JSON.stringify(e))
  return String(e)
}

function run(msg) {
  const started = Date.now()
  const runtime = mod.newRuntime()
  let interrupted = false
  const deadline = started + msg.timeLimitMs
  let out = { ok: false, error: 'The code did not run.' }
  let vm = null
  try {
    runtime.setMemoryLimit(msg.memoryLimitBytes)
    runtime.setMaxStackSize(msg.stackLimitBytes)
    runtime.setInterruptHandler(function () {
      if (Date.now() > deadline) interrupted = true
      return interrupted
    })
    vm = runtime.newContext()
    if (msg.compileOnly) {
      const r = vm.evalCode(wrap(msg.source), 'code.js', { compileOnly: true })
      if (r.error) out = { ok: false, error: errorText(vm, r.error) }
      else {
        r.value.dispose()
        out = { ok: true, output: null }
      }
      return out
    }
    const json = vm.newString(msg.inputJson)
    vm.setProp(vm.global, '__inputJson', json)
    json.dispose()
    const steps = [
      'globalThis.__input = JSON.parse(globalThis.__inputJson); delete globalThis.__inputJson',
      null,
      'Promise.resolve(globalThis.__result).then(' +
        '(v) => { globalThis.__out = v === undefined ? "null" : JSON.stringify(v) }, ' +
        '(e) => { globalThis.__err = (e && e.name ? e.name + ": " : "") + (e && e.message !== undefined ? e.message : String(e)) })',
    ]
    for (const code of steps) {
      const r = vm.evalCode(code === null ? wrap(msg.source) : code, code === null ? 'code.js' : 'sandbox.js')
      if (r.error) return (out = { ok: false, error: errorText(vm, r.error), interrupted })
      if (code === null) vm.setProp(vm.global, '__result', r.value)
      r.value.dispose()
    }
    for (;;) {
      const jobs = runtime.executePendingJobs()
      if (jobs.error) return (out = { ok: false, error: errorText(vm, jobs.error), interrupted })
      if (jobs.value === 0) break
    }
    const errH = vm.getProp(vm.global, '__err')
    const err = vm.dump(errH)
    errH.dispose()
    if (typeof err === 'string') return (out = { ok: false, error: err, interrupted })
    const outH = vm.getProp(vm.global, '__out')
    const text = vm.dump(outH)
    outH.dispose()
    if (interrupted) return (out = { ok: false, error: 'interrupted', interrupted })
    if (typeof text !== 'string') return (out = { ok: false, error: 'The code did not finish (a promise it returned never settled).', unsettled: true })
    return (out = { ok: true, outputJson: text })
  } catch (e) {
    // A host-side failure (an allocation failing while values are copied out): this module
    // instance may be damaged, so the host replaces the thread after this answer.
    out = { ok: false, error: e && e.message ? e.message : String(e), interrupted, poisoned: true }
    return out
  } finally {
    try {
      if (vm) vm.dispose()
      runtime.dispose()
    } catch (e) {
      out.poisoned = true
    }
    out.durationMs = Date.now() - started
  }
}

;(async () => {
  try {
    const core = require('quickjs-emscripten-core')
    const variant = require('@jitl/quickjs-wasmfile-release-sync')
    mod = await core.newQuickJSWASMModuleFromVariant(variant.default || variant)
  } catch (e) {
    parentPort.postMessage({ type: 'unavailable', error: e && e.message ? e.message : String(e) })
    return
  }
  parentPort.postMessage({ type: 'ready' })
  parentPort.on('message', (msg) => {
    const result = run(msg)
    parentPort.postMessage({ type: 'result', id: msg.id, result })
  })
})()
`
