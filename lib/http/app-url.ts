// Moved to lib/config/app-url.ts (issue 30: configuration read by every domain does not belong to
// the HTTP layer). This re-export keeps stragglers compiling; nothing in the repository uses it.
export * from '@/lib/config/app-url'
