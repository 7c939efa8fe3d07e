// Registers an OAuth app for the developer's company. The client secret is returned once and
// stored only as its hash.
import { db } from '@/lib/db/client'
import { appFields, type AppFields } from './app-fields'
import { newClientId, newCredential, sha256 } from './tokens'

export async function registerApp(companyId: number, userId: number | null, input: AppFields) {
  const f = appFields.parse(input)
  const clientSecret = f.publicClient ? null : newCredential('kcs')
  const app = await db.oAuthApp.create({
    data: {
      id: newClientId(),
      companyId,
      createdById: userId,
      name: f.name,
      description: f.description,
      redirectUris: JSON.stringify(f.redirectUris),
      scopes: JSON.stringify(f.scopes),
      clientSecretHash: clientSecret ? sha256(clientSecret) : null,
    },
  })
  return { app, clientSecret }
}
