// Seed 001 §2.9 (data platform and developer tools) and §2.16 (integrations and apps),
// resources from §6 "Data platform" and "Apps and authentication".
import { defineArea, EDITOR, PAGE } from '../define-route'

const cdp = defineArea('data-platform', { required: ['data_transform_read'] })
const intelligence = defineArea('data-platform', { partial: ['ca_reports_view', 'metrics_read'] })
const webhooks = defineArea('data-platform', { required: ['outbound_webhooks_read'] })
const developer = defineArea('developer', { required: ['applications_read'] })
const apiKeys = defineArea('developer', { required: ['api_keys_write'] })
const integrations = defineArea('integrations', { required: ['integrations_read'] })
const apps = defineArea('apps', { required: ['applications_read'] })

export const DATA_PLATFORM_ROUTES = [
  cdp('/cdp/code/authorize', { built: true }),
  cdp('/cdp/code/create', { ...EDITOR, built: true }),
  cdp('/cdp/code/dashboard', { built: true }),
  cdp('/cdp/code/function/:functionId/:invocationId?', { built: true }),
  cdp('/cdp/code/overview', { built: true }),
  // Five /cdp/intelligence/<tab> paths are fixed redirects (§2.22); proxy.ts applies redirects
  // before matching routes, so this parameter route never shadows them.
  intelligence('/cdp/intelligence/:tabName?', { built: true }),
  cdp('/cdp/sync', { required: ['integrations_read'], built: true }),
  cdp('/cdp/sync/destinations/:destination', { required: ['integrations_read'], built: true }),
  cdp('/cdp/sync/destinations/:destination/logs', { required: ['integrations_read'], built: true }),
  cdp('/cdp/sync/destinations/:destination/sync-history', { required: ['integrations_read'], built: true }),
  cdp('/cdp/transformation/build/:transformationId?', { ...EDITOR, built: true }),
  cdp('/cdp/transformation/edit/:transformationId', { ...EDITOR, built: true }),
  webhooks('/cdp/webhooks', { built: true }),
  webhooks('/cdp/webhooks/create', { ...PAGE, built: true }),
  webhooks('/cdp/webhooks/:webhookId/edit', { ...PAGE, built: true }),

  developer('/developer-tools/dashboard', { built: true }),
  developer('/developer-tools/logs', { built: true }),
  developer('/developer-tools/logs/id/:eventId', { built: true }),
  developer('/developer-tools/metrics', { built: true }),
  developer('/developer-tools/revision-monitoring', { built: true }),
  developer('/developer-tools/sample-data-generator', { built: true }),
  developer('/client-diagnostics', { built: true }),
  apiKeys('/clone-private-api-key', { ...PAGE, built: true }),
  apiKeys('/create-private-api-key', { ...PAGE, built: true }),

  integrations('/integration/:integrationKey', { built: true }),
  integrations('/integration/upload-csv', { required: ['integrations_read', 'groups_write'], built: true }),
  integrations('/integrations', { built: true }),
  integrations('/integrations/add', { built: true }),
  integrations('/integrations/:appId', { built: true }),
  integrations('/integrations/:appId/details', { built: true }),
  integrations('/integrations/:appId/install', { ...PAGE, built: true }),
  integrations('/integrations/:appId/preferences', { built: true }),
  integrations('/wizard/web-tracking', { ...PAGE, built: true }),
  integrations('/sftp/set-up', { required: ['sftp_read'], built: true }),

  apps('/manage-apps', { built: true }),
  apps('/manage-apps/create', { ...PAGE, built: true }),
  apps('/manage-apps/created/:appId', { built: true }),
  apps('/manage-apps/docs', { built: true }),
  apps('/manage-apps/:appId', { built: true }),
  apps('/manage-apps/:appId/review', { built: true }),
  // The consent screen a merchant sees when an app asks for access.
  apps('/oauth/authorize', { layout: 'none', required: ['oauth_company_integration_write'], built: true }),
  apps('/oauth/client/:oauthClientId?', { required: ['oauth_client_read'], built: true }),
]
