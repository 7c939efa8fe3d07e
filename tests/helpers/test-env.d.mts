export const TEST_SESSION_SECRET: string
export function pinTestEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv
