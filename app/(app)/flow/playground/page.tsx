// /flow/playground: a literal segment, so app/(app)/flow/[flowId]/route.ts (the .json export) does not
// answer it; until its screen is built it shows the shared "not available yet" screen.
export { default, generateMetadata } from '../../[...path]/page'
