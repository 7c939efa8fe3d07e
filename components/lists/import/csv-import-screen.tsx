'use client'
// /list/{listId}/import/upload: add contacts to a list from a CSV file, in steps: choose the file,
// map its columns, follow the import, read the result.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { camelizeKeys } from '@/lib/text/keys'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useGroup } from '../use-group'
import { groupHref } from '../slug'
import { GroupLoadError, GroupMissing } from '../group-missing'
import type { ImportJobView } from '../types'
import { ChooseFileStep } from './choose-file-step'
import { MappingStep } from './mapping-step'
import { ImportProgress } from './import-progress'
import type { ParsedCsv } from './parse-csv'
import type { ImportConsent } from '@/lib/imports/import-types'
import styles from './import.module.css'

type Step =
  | { kind: 'choose' }
  | { kind: 'map'; text: string; csv: ParsedCsv; fileName: string | null }
  | { kind: 'progress'; importId: string }

export function CsvImportScreen({ listId, phoneRegion }: { listId: string; phoneRegion?: string }) {
  const t = useTranslations('listImport')
  const canWrite = usePermission('groups_write')
  const { data: group, error, missing, mutate } = useGroup(listId)
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [submitting, setSubmitting] = useState(false)
  const [submitError, setSubmitError] = useState<string | null>(null)

  if (missing) return <GroupMissing />
  if (error && !group) return <GroupLoadError onRetry={() => void mutate()} />
  if (!group)
    return (
      <Page>
        <div className={styles.center}>
          <Spinner size="large" />
        </div>
      </Page>
    )
  const listHref = groupHref(group)

  async function submit(mapping: Record<string, string>, consent: ImportConsent) {
    if (step.kind !== 'map') return
    setSubmitting(true)
    setSubmitError(null)
    try {
      // Column names are the merchant's own text: sent and read back without key transformation.
      const res = await http.post<unknown>(
        `/ajax/list/${encodeURIComponent(listId)}/imports`,
        { csv: step.text, mapping, consent },
        { transformKeys: false },
      )
      const job = camelizeKeys<{ import: ImportJobView }>(res.data).import
      setStep({ kind: 'progress', importId: job.id })
    } catch (e) {
      const f = readHttpFailure(e)
      const fieldMessages = Object.entries(f.fieldErrors).map(([k, v]) => `${k}: ${v}`)
      setSubmitError([f.message ?? t('submitError'), ...fieldMessages].join(' '))
    } finally {
      setSubmitting(false)
    }
  }

  const stepIndex = step.kind === 'choose' ? 0 : step.kind === 'map' ? 1 : 2
  const stepNames = [t('stepChoose'), t('stepMap'), t('stepImport')]

  return (
    <Page>
      <PageHead
        title={t('title', { name: group.name })}
        description={t('description')}
        actions={<LinkButton href={listHref}>{t('backToList')}</LinkButton>}
      />
      <PageBody>
        <ol className={styles.steps} aria-label={t('stepsLabel')}>
          {stepNames.map((name, i) => (
            <li
              key={name}
              className={i === stepIndex ? styles.stepCurrent : i < stepIndex ? styles.stepDone : undefined}
              aria-current={i === stepIndex ? 'step' : undefined}
            >
              <span className={styles.stepNumber}>{i + 1}</span>
              {name}
            </li>
          ))}
        </ol>
        {group.type !== 0 ? (
          <Notification variant="warning">{t('segmentRefused')}</Notification>
        ) : !canWrite ? (
          <Notification variant="warning">{t('noWritePermission')}</Notification>
        ) : step.kind === 'choose' ? (
          <ChooseFileStep
            onParsed={(text, csv, fileName) => {
              setSubmitError(null)
              setStep({ kind: 'map', text, csv, fileName })
            }}
          />
        ) : step.kind === 'map' ? (
          <MappingStep
            csv={step.csv}
            fileName={step.fileName}
            submitting={submitting}
            submitError={submitError}
            phoneRegion={phoneRegion}
            onBack={() => setStep({ kind: 'choose' })}
            onSubmit={(m, c) => void submit(m, c)}
          />
        ) : (
          <ImportProgress
            listId={listId}
            importId={step.importId}
            listHref={listHref}
            onAnother={() => setStep({ kind: 'choose' })}
          />
        )}
      </PageBody>
    </Page>
  )
}
