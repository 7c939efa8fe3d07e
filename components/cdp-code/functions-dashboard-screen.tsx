'use client'
// /cdp/code/dashboard: the account's functions with their trigger, state, invocations and error
// rate over 7 days (each opening its invocations), and the transformations (each opening its
// settings); the consent notice while functions cannot run.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { ListStates } from '@/components/ui/list-states'
import { ConsentNotice } from './consent-notice'
import {
  CDP_WRITE,
  FUNCTIONS_KEY,
  TRANSFORMATIONS_KEY,
  type AuthorizationDto,
  type FunctionDto,
  type TransformationDto,
} from './types'
import screen from '@/components/ui/form-screen.module.css'

const get = <T,>(url: string) => http.get<T>(url).then((r) => r.data)

export function FunctionsDashboardScreen() {
  const t = useTranslations('cdpCode')
  const tc = useTranslations('common')
  const format = useFormatter()
  const canWrite = usePermission(CDP_WRITE)
  const { data, error, isLoading, mutate } = useSWR(FUNCTIONS_KEY, (u: string) =>
    get<{ functions: FunctionDto[]; authorization: AuthorizationDto }>(u),
  )
  const transformations = useSWR(TRANSFORMATIONS_KEY, (u: string) => get<{ transformations: TransformationDto[] }>(u))
  const fns = data?.functions ?? []
  const createButton = canWrite && (
    <LinkButton variant="primary" href="/cdp/code/create" data-testid="create-function">
      {t('createFunction')}
    </LinkButton>
  )

  const body = (
    <ListStates
      error={error}
      loading={isLoading}
      empty={!fns.length}
      loadError={t('loadError')}
      onRetry={() => void mutate()}
      emptyState={<EmptyState heading={t('emptyHeading')} body={t('emptyBody')} actions={createButton} />}
    >
      <Table
        caption={t('functionsCaption')}
        columns={[
          { key: 'name', header: t('columnName') },
          { key: 'trigger', header: t('columnTrigger') },
          { key: 'status', header: t('columnStatus') },
          { key: 'invocations', header: t('columnInvocations') },
          { key: 'errors', header: t('columnErrorRate') },
        ]}
        rows={fns.map((f) => ({
          id: f.id,
          name: (
            <Link className={screen.name} href={`/cdp/code/function/${f.id}`} data-testid={`function-${f.id}`}>
              {f.name}
            </Link>
          ),
          trigger: f.triggerMetric,
          status: f.enabled ? <Badge variant="success">{t('enabled')}</Badge> : <Badge>{t('disabled')}</Badge>,
          invocations: format.number(f.stats?.invocations ?? 0),
          errors: (
            <span data-testid={`error-rate-${f.id}`}>
              {format.number(f.stats?.errorRate ?? 0, { style: 'percent', maximumFractionDigits: 1 })}
              {f.stats?.errors ? (
                <span className={screen.muted}> ({t('errorCount', { count: f.stats.errors })})</span>
              ) : null}
            </span>
          ),
        }))}
      />
    </ListStates>
  )

  const tlist = transformations.data?.transformations ?? []
  return (
    <Page>
      <PageHead
        title={t('dashboardTitle')}
        description={t('dashboardDescription')}
        actions={fns.length ? createButton : undefined}
      />
      <PageBody>
        <div className={screen.stack}>
          <ConsentNotice authorization={data?.authorization} />
          {body}
          <Card
            title={t('transformationsTitle')}
            actions={
              canWrite ? (
                <LinkButton size="small" href="/cdp/transformation/build" data-testid="new-transformation">
                  {t('buildTransformation')}
                </LinkButton>
              ) : undefined
            }
          >
            {transformations.error ? (
              <Notification
                variant="error"
                action={{ label: tc('retry'), onClick: () => void transformations.mutate() }}
              >
                {t('loadError')}
              </Notification>
            ) : !transformations.data ? (
              <Spinner />
            ) : !tlist.length ? (
              <p className={screen.help}>{t('noTransformations')}</p>
            ) : (
              <Table
                caption={t('transformationsTitle')}
                columns={[
                  { key: 'name', header: t('columnName') },
                  { key: 'source', header: t('columnSource') },
                  { key: 'status', header: t('columnStatus') },
                  { key: 'updated', header: t('columnUpdated') },
                ]}
                rows={tlist.map((x) => ({
                  id: x.id,
                  name: (
                    <Link className={screen.name} href={`/cdp/transformation/edit/${x.id}`}>
                      {x.name}
                    </Link>
                  ),
                  source: t('sourceEvents'),
                  status: x.enabled ? <Badge variant="success">{t('enabled')}</Badge> : <Badge>{t('disabled')}</Badge>,
                  updated: format.dateTime(new Date(x.updatedAt), { dateStyle: 'medium' }),
                }))}
              />
            )}
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
