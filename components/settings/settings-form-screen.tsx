'use client'
// The skeleton the screens that load one document and edit it share (the settings screens, the
// webhook and code editors). SettingsLoader fetches the document (SWR), shows the page head with
// a spinner while it loads and the load error with a retry (a 404, when the screen names one,
// without: the document is gone), then renders the screen's form with the data; the form takes
// the data as its initial state, so it mounts only once the data is there. useSettingsSave is
// that form's save cycle: a pending flag, a success toast, a 400's field errors under their
// fields, and any other failure under `_form` (shown by the form) or as an error toast.
// SettingsForm is the form around the screen's cards: disabled for a member who cannot edit,
// the `_form` failure under the cards and the save button (for those who can edit).
import { useState, type FormEvent, type ReactNode } from 'react'
import useSWR, { type KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { readHttpFailure } from '@/components/auth/http-failure'
import screen from '@/components/ui/form-screen.module.css'

interface LoaderProps<T> {
  url: string
  title: string
  /** The page head's description, shown while loading and with the load error too. */
  description?: string
  /** The load error's text; a function gets the error (to prefer the server's message). */
  loadError: string | ((error: unknown) => string)
  /** A 404's text, shown without a retry (the document is gone); without it a 404 is a load error. */
  notFound?: string
  /** Defaults to common.retry. */
  retryLabel?: string
  loadingLabel?: string
  loadingClassName?: string
  /** Keep showing the form when a revalidation fails after a first successful load. */
  keepDataOnError?: boolean
  children: (data: T, mutate: KeyedMutator<T>) => ReactNode
}

export function SettingsLoader<T>({
  url,
  title,
  description,
  loadError,
  notFound,
  retryLabel,
  loadingLabel,
  loadingClassName,
  keepDataOnError,
  children,
}: LoaderProps<T>) {
  const { data, error, mutate } = useSWR(url, (u: string) => http.get<T>(u).then((r) => r.data))
  if (error && !(keepDataOnError && data)) {
    const gone = notFound !== undefined && readHttpFailure(error).status === 404
    return (
      <SettingsLoadErrorPage
        title={title}
        description={description}
        message={gone ? notFound : typeof loadError === 'function' ? loadError(error) : loadError}
        onRetry={gone ? undefined : () => void mutate()}
        retryLabel={retryLabel}
      />
    )
  }
  if (!data)
    return (
      <SettingsLoadingPage title={title} description={description} label={loadingLabel} className={loadingClassName} />
    )
  return <>{children(data, mutate)}</>
}

/** A settings screen's page: the head, then the screen's cards in a stack. */
export function SettingsPage({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <Page>
      <PageHead title={title} description={description} />
      <PageBody>
        <div className={screen.stack}>{children}</div>
      </PageBody>
    </Page>
  )
}

/** The page of a screen whose data is loading: its head and a spinner. */
export function SettingsLoadingPage({
  title,
  description,
  label,
  className,
}: {
  title: string
  description?: string
  label?: string
  className?: string
}) {
  return (
    <Page>
      <PageHead title={title} description={description} />
      <PageBody>
        <div className={className}>
          <Spinner size="large" label={label} />
        </div>
      </PageBody>
    </Page>
  )
}

/** The page of a screen whose data could not be loaded: its head and the error, with a retry if given one. */
export function SettingsLoadErrorPage({
  title,
  description,
  message,
  onRetry,
  retryLabel,
}: {
  title: string
  description?: string
  message: string
  onRetry?: () => void
  retryLabel?: string
}) {
  const tc = useTranslations('common')
  return (
    <Page>
      <PageHead title={title} description={description} />
      <PageBody>
        <Notification variant="error" action={onRetry && { label: retryLabel ?? tc('retry'), onClick: onRetry }}>
          {message}
        </Notification>
      </PageBody>
    </Page>
  )
}

export function useSettingsSave(messages: { saved: string; failed: string }, otherFailure: 'form' | 'toast' = 'form') {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})

  /** Runs one save (the request and whatever the form does with the answer) through the cycle. */
  async function save(run: () => Promise<unknown>) {
    setBusy(true)
    setErrors({})
    try {
      await run()
      toast.show({ variant: 'success', content: messages.saved })
    } catch (err) {
      const f = readHttpFailure(err)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else if (otherFailure === 'toast') toast.show({ variant: 'error', content: f.message ?? messages.failed })
      else setErrors({ _form: f.message ?? messages.failed })
    } finally {
      setBusy(false)
    }
  }

  return { busy, errors, setErrors, save }
}

export function SettingsForm({
  onSubmit,
  canEdit,
  busy,
  formError,
  saveLabel,
  testId,
  saveTestId,
  children,
}: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void
  canEdit: boolean
  busy: boolean
  formError?: string
  saveLabel: string
  testId?: string
  saveTestId: string
  children: ReactNode
}) {
  return (
    <form className={screen.stack} onSubmit={onSubmit} noValidate data-testid={testId}>
      <fieldset disabled={!canEdit} className={`${screen.fieldset} ${screen.stack}`}>
        {children}
      </fieldset>
      {formError && <Notification variant="error">{formError}</Notification>}
      {canEdit && (
        <div className={screen.footer}>
          <Button variant="primary" type="submit" loading={busy} data-testid={saveTestId}>
            {saveLabel}
          </Button>
        </div>
      )}
    </form>
  )
}
