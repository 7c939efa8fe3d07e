'use client'
// /cdp/code/create (and ?functionId= for an existing function): name, trigger metric, the code
// in a monospace editor, secrets as environment variables (values write-only: a stored one is
// kept unless replaced), on/off, and a test run on a sample event; deleting an existing one.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import fieldStyles from '@/components/ui/field.module.css'
import { SettingsLoader } from '@/components/settings/settings-form-screen'
import { ConsentNotice } from './consent-notice'
import { FunctionTestPanel } from './function-test-panel'
import { formErrors } from './use-field-errors'
import { CDP_WRITE, FUNCTIONS_KEY, type AuthorizationDto, type FunctionDto } from './types'
import styles from './cdp-code.module.css'
import screen from '@/components/ui/form-screen.module.css'

type Loaded = { function?: FunctionDto; authorization: AuthorizationDto; metrics: string[]; starter?: string }

export function FunctionEditorScreen({ functionId }: { functionId?: string }) {
  const t = useTranslations('cdpCode')
  const key = functionId ? `/ajax/cdp/code/functions/${functionId}` : FUNCTIONS_KEY
  return (
    <SettingsLoader<Loaded>
      url={key}
      title={functionId ? t('editTitle') : t('createTitle')}
      loadError={t('loadError')}
      notFound={t('notFound')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => (
        <FunctionForm
          key={data.function?.updatedAt ?? 'new'}
          fn={functionId ? data.function : undefined}
          starter={data.starter ?? ''}
          metrics={data.metrics}
          authorization={data.authorization}
          onSaved={() => void mutate()}
        />
      )}
    </SettingsLoader>
  )
}

function FunctionForm({
  fn,
  starter,
  metrics,
  authorization,
  onSaved,
}: {
  fn?: FunctionDto
  starter: string
  metrics: string[]
  authorization: AuthorizationDto
  onSaved: () => void
}) {
  const t = useTranslations('cdpCode')
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission(CDP_WRITE)
  const [form, setForm] = useState({
    name: fn?.name ?? '',
    triggerMetric: fn?.triggerMetric ?? '',
    sourceCode: fn?.sourceCode ?? starter,
    enabled: fn?.enabled ?? false,
  })
  const [secrets, setSecrets] = useState<{ name: string; value: string; stored: boolean }[]>(
    (fn?.secretNames ?? []).map((name) => ({ name, value: '', stored: true })),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const local: Record<string, string> = {}
    if (!form.name.trim()) local.name = t('nameRequired')
    if (!form.triggerMetric.trim()) local.triggerMetric = t('triggerRequired')
    if (!form.sourceCode.trim()) local.sourceCode = t('codeRequired')
    setErrors(local)
    if (Object.keys(local).length) return
    setBusy(true)
    try {
      const body = {
        ...form,
        secrets: secrets
          .filter((s) => s.name.trim())
          .map((s) => ({ name: s.name.trim(), ...(s.value ? { value: s.value } : {}) })),
      }
      if (fn) {
        await http.patch(`/ajax/cdp/code/functions/${fn.id}`, body)
        toast.show({ variant: 'success', content: t('saved') })
        onSaved()
      } else {
        const r = await http.post<{ function: FunctionDto }>('/ajax/cdp/code/functions', body)
        toast.show({ variant: 'success', content: t('created') })
        router.push(`/cdp/code/function/${r.data.function.id}`)
      }
    } catch (err) {
      setErrors(formErrors(err, t('saveError')))
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    if (!fn) return
    setBusy(true)
    try {
      await http.delete(`/ajax/cdp/code/functions/${fn.id}`)
      toast.show({ variant: 'success', content: t('deleted', { name: fn.name }) })
      router.push('/cdp/code/dashboard')
    } catch {
      setErrors({ _form: t('deleteError') })
      setConfirmDelete(false)
    } finally {
      setBusy(false)
    }
  }

  const secretError = (i: number, f: 'name' | 'value') => errors[`secrets.${i}.${f}`]

  return (
    <Page>
      <PageHead
        title={fn ? fn.name : t('createTitle')}
        description={t('editorDescription')}
        actions={
          <LinkButton href={fn ? `/cdp/code/function/${fn.id}` : '/cdp/code/dashboard'}>
            {fn ? t('backToFunction') : t('backToDashboard')}
          </LinkButton>
        }
      />
      <PageBody>
        <div className={screen.stack}>
          <ConsentNotice authorization={authorization} />
          <form className={screen.stack} onSubmit={submit} noValidate data-testid="function-form">
            <fieldset disabled={!canWrite || busy} className={`${screen.fieldset} ${screen.stack}`}>
              <Card title={t('detailsTitle')}>
                <div className={screen.form}>
                  <div className={screen.grid}>
                    <TextField
                      label={t('name')}
                      name="name"
                      maxLength={255}
                      value={form.name}
                      error={errors.name}
                      onChange={(e) => setForm({ ...form, name: e.target.value })}
                    />
                    <TextField
                      label={t('triggerMetric')}
                      name="triggerMetric"
                      list="cdp-code-metrics"
                      maxLength={255}
                      value={form.triggerMetric}
                      hint={t('triggerHint')}
                      error={errors.triggerMetric}
                      onChange={(e) => setForm({ ...form, triggerMetric: e.target.value })}
                    />
                    <datalist id="cdp-code-metrics">
                      {metrics.map((m) => (
                        <option key={m} value={m} />
                      ))}
                    </datalist>
                  </div>
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      name="enabled"
                      checked={form.enabled}
                      onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
                      data-testid="function-enabled"
                    />
                    <span>
                      {t('enabledLabel')}
                      <br />
                      <span className={screen.muted}>{t('enabledHelp')}</span>
                    </span>
                  </label>
                </div>
              </Card>
              <Card title={t('codeTitle')}>
                <div className={screen.form}>
                  <p className={screen.help}>{t('codeHelp')}</p>
                  <textarea
                    aria-label={t('codeTitle')}
                    name="sourceCode"
                    className={`${fieldStyles.control} ${styles.codeArea}`}
                    value={form.sourceCode}
                    spellCheck={false}
                    autoCapitalize="off"
                    autoCorrect="off"
                    aria-invalid={errors.sourceCode ? true : undefined}
                    onChange={(e) => setForm({ ...form, sourceCode: e.target.value })}
                    data-testid="function-code"
                  />
                  <FormError>{errors.sourceCode}</FormError>
                </div>
              </Card>
              <Card title={t('secretsTitle')}>
                <div className={screen.form}>
                  <p className={screen.help}>{t('secretsHelp')}</p>
                  {secrets.map((s, i) => (
                    <div className={styles.row} key={i}>
                      <TextField
                        label={t('secretName')}
                        name={`secret-name-${i}`}
                        value={s.name}
                        error={secretError(i, 'name')}
                        onChange={(e) =>
                          setSecrets(
                            secrets.map((x, j) => (j === i ? { ...x, name: e.target.value.toUpperCase() } : x)),
                          )
                        }
                      />
                      <TextField
                        label={t('secretValue')}
                        name={`secret-value-${i}`}
                        type="password"
                        autoComplete="off"
                        placeholder={s.stored ? t('secretStored') : ''}
                        value={s.value}
                        error={secretError(i, 'value')}
                        onChange={(e) =>
                          setSecrets(secrets.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
                        }
                      />
                      <Button
                        size="small"
                        variant="tertiary"
                        onClick={() => setSecrets(secrets.filter((_, j) => j !== i))}
                      >
                        {t('removeSecret')}
                      </Button>
                    </div>
                  ))}
                  <div className={styles.actions}>
                    <Button
                      size="small"
                      onClick={() => setSecrets([...secrets, { name: '', value: '', stored: false }])}
                      data-testid="add-secret"
                    >
                      {t('addSecret')}
                    </Button>
                  </div>
                </div>
              </Card>
              {errors._form && <Notification variant="error">{errors._form}</Notification>}
              {canWrite && (
                <div className={styles.actions}>
                  <Button type="submit" variant="primary" disabled={busy} data-testid="save-function">
                    {fn ? t('save') : t('create')}
                  </Button>
                  {fn && (
                    <Button variant="danger" onClick={() => setConfirmDelete(true)} data-testid="delete-function">
                      {t('delete')}
                    </Button>
                  )}
                </div>
              )}
            </fieldset>
          </form>
          <FunctionTestPanel
            sourceCode={form.sourceCode}
            triggerMetric={form.triggerMetric}
            functionId={fn?.id}
            secrets={secrets}
            canRun={canWrite}
          />
        </div>
      </PageBody>
      {confirmDelete && fn && (
        <Modal
          open
          title={t('deleteTitle')}
          onClose={() => setConfirmDelete(false)}
          footer={
            <>
              <Button onClick={() => setConfirmDelete(false)}>{t('cancel')}</Button>
              <Button variant="danger" onClick={() => void remove()} disabled={busy} data-testid="confirm-delete">
                {t('delete')}
              </Button>
            </>
          }
        >
          <p>{t('deleteBody', { name: fn.name })}</p>
        </Modal>
      )}
    </Page>
  )
}
