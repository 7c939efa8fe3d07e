// The forms module as the core imports it. The bundler resolves this file to
// onsite/src/forms/index.ts when that exists (scripts/build-onsite.mjs); the type checker and a
// core-only build see the stub.
export { startForms, startPreview } from './forms-stub'
