// The reviews widget as the core imports it. The bundler resolves this file to
// onsite/src/reviews/index.ts (scripts/build-onsite.mjs) except in the core-only build, which
// keeps the core's size budget; the type checker and the core see the stub.
export { startReviewWidgets } from './reviews-stub'
