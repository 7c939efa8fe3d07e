// Form ids look like the vendor's ("Y6nRLr"): 6 random characters from crypto, unambiguous alphabet.
import { shortId } from '@/lib/ids/make-id'

export const FORM_ID_PATTERN = /^[A-Za-z0-9]{6}$/

export function newFormId(): string {
  return shortId(6)
}
