// How many ingest batches PostgreSQL made us run again (deadlock or serialization failure) since
// the process started. Its own module so the health endpoint can read it without loading ingest.
// Expected to stay 0: ingest takes its locks in one order; a non-zero count means that order broke.
let count = 0

export const ingestRetryCount = (): number => count
export const countIngestRetry = (): void => void count++
