// STUB (owner replaces it): registers this domain's job handlers with lib/jobs/queue.ts.
export function register(): void {}
