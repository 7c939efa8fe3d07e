// Moved to lib/text/keys.ts (issue 30). This re-export keeps stragglers compiling; nothing in the
// repository uses it.
export * from '@/lib/text/keys'
