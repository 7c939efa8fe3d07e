// The listing knows a form, not its versions: the editor and publish from a row need the version
// to act on, the live one if there is one, else the newest.
import type { FormDetail } from './forms-types'

export function currentVersionId(form: Pick<FormDetail, 'versions'>): number | null {
  const live = form.versions.find((v) => v.status === 'live')
  if (live) return live.id
  const newest = [...form.versions].sort((a, b) =>
    b.updatedAt > a.updatedAt ? 1 : b.updatedAt < a.updatedAt ? -1 : b.id - a.id,
  )[0]
  return newest?.id ?? null
}

export const editorPath = (formId: string, versionId: number | string) =>
  `/forms/${encodeURIComponent(formId)}/variations/${encodeURIComponent(String(versionId))}/edit`
