// Moved to lib/errors/app-error.ts (issue 30: the error class of every domain must not live in
// the HTTP layer). This re-export keeps stragglers compiling; nothing in the repository uses it.
export * from '@/lib/errors/app-error'
