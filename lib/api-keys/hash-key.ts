// Keys are stored only as their SHA-256; the raw key is shown once at creation.
import { createHash } from 'node:crypto'

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex')
export const PREFIX_LENGTH = 8 // "pk_" and five characters, enough to recognise a key in a list
