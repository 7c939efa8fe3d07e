// The developer's own apps: read, edit, rotate the secret, submit for review, delete. Every
// query carries the developer's companyId, so one company never touches another's app.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { parseJsonArray, redirectUrisField, scopesField } from './app-fields'
import { newCredential, sha256 } from './tokens'

export function serializeApp(app: {
  id: string
  name: string
  description: string
  redirectUris: string
  scopes: string
  status: string
  clientSecretHash: string | null
  createdAt: Date
  updatedAt: Date
}) {
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    status: app.status,
    redirectUris: parseJsonArray(app.redirectUris),
    scopes: parseJsonArray(app.scopes),
    publicClient: app.clientSecretHash == null,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  }
}

export async function listApps(companyId: number) {
  const apps = await db.oAuthApp.findMany({ where: { companyId }, orderBy: { createdAt: 'desc' } })
  return apps.map(serializeApp)
}

export async function getAppOrThrow(companyId: number, appId: string) {
  const app = await db.oAuthApp.findFirst({ where: { id: appId, companyId } })
  if (!app) throw new AppError('not_found', 404, 'No such app.')
  return app
}

export const updateAppBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(1000).optional(),
  redirectUris: redirectUrisField.optional(),
  scopes: scopesField.optional(),
})

export async function updateApp(companyId: number, appId: string, input: z.input<typeof updateAppBody>) {
  const f = updateAppBody.parse(input)
  await getAppOrThrow(companyId, appId)
  const app = await db.oAuthApp.update({
    where: { id: appId },
    data: {
      name: f.name,
      description: f.description,
      redirectUris: f.redirectUris && JSON.stringify(f.redirectUris),
      scopes: f.scopes && JSON.stringify(f.scopes),
    },
  })
  return serializeApp(app)
}

/** A new secret replaces the old at once (the old one stops authenticating); shown once. */
export async function rotateSecret(companyId: number, appId: string) {
  const app = await getAppOrThrow(companyId, appId)
  if (app.clientSecretHash == null) throw new AppError('invalid', 400, 'A public client has no secret.')
  const clientSecret = newCredential('kcs')
  await db.oAuthApp.update({ where: { id: appId }, data: { clientSecretHash: sha256(clientSecret) } })
  return { clientSecret }
}

export async function submitForReview(companyId: number, appId: string) {
  await getAppOrThrow(companyId, appId)
  return serializeApp(await db.oAuthApp.update({ where: { id: appId }, data: { status: 'in_review' } }))
}

/** Deleting an app ends every grant it holds: its codes and tokens go with it. */
export async function deleteApp(companyId: number, appId: string) {
  await getAppOrThrow(companyId, appId)
  await db.$transaction([
    db.oAuthCode.deleteMany({ where: { appId } }),
    db.oAuthToken.deleteMany({ where: { appId } }),
    db.oAuthApp.delete({ where: { id: appId } }),
  ])
}
