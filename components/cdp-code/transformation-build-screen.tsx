'use client'
// /cdp/transformation/build/{transformationId?}: the transformation's code (transform(event) →
// event | null) beside a test bench: a sample payload in, the output event (or "dropped", or
// the error that would keep the original) out, side by side. Saving a new one opens its edit
// screen, where it is enabled.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import fieldStyles from '@/components/ui/field.module.css'
import { SettingsLoader } from '@/components/settings/settings-form-screen'
import { formErrors } from './use-field-errors'
import { CDP_WRITE, TRANSFORMATIONS_KEY, type TransformationDto } from './types'
import styles from './cdp-code.module.css'
import screen from '@/components/ui/form-screen.module.css'

const SAMPLE = JSON.stringify(
  {
    metric: 'Viewed Product',
    properties: { ProductName: 'Trail shoe', Price: 89, test: false },
    value: 89,
    profile: { email: 'shopper@example.com' },
  },
  null,
  2,
)

interface TestAnswer {
  status: 'ok' | 'dropped' | 'error'
  input: unknown
  output: unknown
  error: string | null
  logs: string[]
  durationMs: number
}

export function TransformationBuildScreen({ transformationId }: { transformationId?: string }) {
  const t = useTranslations('cdpCode')
  const key = transformationId ? `/ajax/cdp/transformations/${transformationId}` : TRANSFORMATIONS_KEY
  return (
    <SettingsLoader<{ transformation?: TransformationDto; starter?: string }>
      url={key}
      title={transformationId ? t('buildEditTitle') : t('buildTitle')}
      loadError={t('loadError')}
      notFound={t('transformationNotFound')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => (
        <BuildForm
          key={data.transformation?.updatedAt ?? 'new'}
          transformation={transformationId ? data.transformation : undefined}
          starter={data.starter ?? ''}
          onSaved={() => void mutate()}
        />
      )}
    </SettingsLoader>
  )
}

function BuildForm({
  transformation,
  starter,
  onSaved,
}: {
  transformation?: TransformationDto
  starter: string
  onSaved: () => void
}) {
  const t = useTranslations('cdpCode')
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission(CDP_WRITE)
  const [name, setName] = useState(transformation?.name ?? '')
  const [code, setCode] = useState(transformation?.sourceCode ?? starter)
  const [sample, setSample] = useState(SAMPLE)
  const [answer, setAnswer] = useState<TestAnswer | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function test() {
    setBusy(true)
    setAnswer(null)
    try {
      const r = await http.post<TestAnswer>('/ajax/cdp/transformations/test', { sourceCode: code, eventJson: sample })
      setAnswer(r.data)
      setErrors({})
    } catch (e) {
      setErrors(formErrors(e, t('testError')))
    } finally {
      setBusy(false)
    }
  }

  async function save() {
    if (!name.trim()) return setErrors({ name: t('nameRequired') })
    setBusy(true)
    try {
      if (transformation) {
        await http.patch(`/ajax/cdp/transformations/${transformation.id}`, { name, sourceCode: code })
        toast.show({ variant: 'success', content: t('saved') })
        onSaved()
      } else {
        const r = await http.post<{ transformation: TransformationDto }>(TRANSFORMATIONS_KEY, {
          name,
          source: 'events',
          sourceCode: code,
        })
        toast.show({ variant: 'success', content: t('created') })
        router.push(`/cdp/transformation/edit/${r.data.transformation.id}`)
      }
      setErrors({})
    } catch (e) {
      setErrors(formErrors(e, t('saveError')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page width="full">
      <PageHead
        title={transformation ? transformation.name : t('buildTitle')}
        description={t('buildDescription')}
        actions={
          <LinkButton href={transformation ? `/cdp/transformation/edit/${transformation.id}` : '/cdp/code/dashboard'}>
            {transformation ? t('backToTransformation') : t('backToDashboard')}
          </LinkButton>
        }
      />
      <PageBody>
        <div className={screen.stack}>
          <fieldset disabled={!canWrite || busy} className={`${screen.fieldset} ${screen.stack}`}>
            <Card title={t('detailsTitle')}>
              <div className={screen.grid}>
                <TextField
                  label={t('name')}
                  name="name"
                  maxLength={255}
                  value={name}
                  error={errors.name}
                  onChange={(e) => setName(e.target.value)}
                />
                <TextField
                  label={t('source')}
                  name="source"
                  value={t('sourceEvents')}
                  readOnly
                  hint={t('sourceHint')}
                />
              </div>
            </Card>
            <Card title={t('codeTitle')}>
              <div className={screen.form}>
                <p className={screen.help}>{t('transformCodeHelp')}</p>
                <textarea
                  aria-label={t('codeTitle')}
                  className={`${fieldStyles.control} ${styles.codeArea}`}
                  value={code}
                  spellCheck={false}
                  autoCapitalize="off"
                  autoCorrect="off"
                  aria-invalid={errors.sourceCode ? true : undefined}
                  onChange={(e) => setCode(e.target.value)}
                  data-testid="transformation-code"
                />
                <FormError>{errors.sourceCode}</FormError>
              </div>
            </Card>
            <Card
              title={t('testTitle')}
              actions={
                <Button
                  size="small"
                  variant="primary"
                  onClick={() => void test()}
                  data-testid="run-transformation-test"
                >
                  {busy ? t('running') : t('runTest')}
                </Button>
              }
            >
              <div className={styles.sideBySide}>
                <label className={screen.form}>
                  <span className={styles.label}>{t('inputJson')}</span>
                  <textarea
                    className={`${fieldStyles.control} ${styles.jsonArea}`}
                    value={sample}
                    spellCheck={false}
                    onChange={(e) => setSample(e.target.value)}
                    aria-invalid={errors.eventJson ? true : undefined}
                    data-testid="transformation-input"
                  />
                  <FormError>{errors.eventJson}</FormError>
                </label>
                <div className={screen.form} data-testid="transformation-output">
                  <span className={styles.label}>{t('outputJson')}</span>
                  {!answer ? (
                    <p className={screen.help}>{t('outputPlaceholder')}</p>
                  ) : answer.status === 'ok' ? (
                    <pre className={styles.pre}>{JSON.stringify(answer.output, null, 2)}</pre>
                  ) : answer.status === 'dropped' ? (
                    <Notification variant="info">{t('dropped')}</Notification>
                  ) : (
                    <Notification variant="error" title={t('transformFailed')}>
                      {answer.error}
                    </Notification>
                  )}
                  {answer && (
                    <span className={screen.muted}>
                      {t('ms', { ms: answer.durationMs })}
                      {answer.logs.length ? ` · ${answer.logs.join(' | ')}` : ''}
                    </span>
                  )}
                </div>
              </div>
            </Card>
            {errors._form && <Notification variant="error">{errors._form}</Notification>}
            {canWrite && (
              <div className={styles.actions}>
                <Button variant="primary" onClick={() => void save()} data-testid="save-transformation">
                  {transformation ? t('save') : t('create')}
                </Button>
              </div>
            )}
          </fieldset>
        </div>
      </PageBody>
    </Page>
  )
}
