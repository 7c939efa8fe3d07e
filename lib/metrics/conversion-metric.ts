// The metric that counts as an order when an account has chosen none: attribution's default
// conversion metric and the revenue figure's conventional name. In lib/metrics, which both
// lib/attribution/settings.ts and mapped-metrics.ts read, so neither folder imports the other back.
export const DEFAULT_CONVERSION_METRIC = 'Placed Order'
