// The component library's default empty and error states (seed 000 §8), so every screen uses the
// same words for "no data", "no results" and a failed video.
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { EmptyState } from './empty-state'
import { CompassIcon } from './icons'

export function NoResultsState({ actions }: { actions?: ReactNode }) {
  const t = useTranslations('library')
  return (
    <EmptyState
      image={<CompassIcon size={28} />}
      heading={t('noResultsTitle')}
      body={t('noResultsBody')}
      actions={actions}
    />
  )
}

/** Default validation texts of the library's inputs (file upload, text length, date range). */
export function useLibraryValidationMessages() {
  const t = useTranslations('library')
  return {
    fileTooLarge: (size: string) => t('fileTooLarge', { size }),
    tooManyFiles: (n: number) => t('tooManyFiles', { n }),
    tooManyCharacters: (n: number) => t('tooManyCharacters', { n }),
    invalidDateRange: () => t('invalidDateRange'),
  }
}
