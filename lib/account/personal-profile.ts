// My own details: name (change-profile), language and region, and what the personal screen shows.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { isLocale, LOCALES } from '@/lib/i18n/locales'
import { countryCodes } from './organization-options'

export const changeProfileBody = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name.').max(100, 'Use at most 100 characters.'),
  lastName: z.string().trim().max(100, 'Use at most 100 characters.'),
})

export async function changeProfile(userId: number, input: z.infer<typeof changeProfileBody>) {
  const u = await db.user.update({
    where: { id: userId },
    data: { firstName: input.firstName, lastName: input.lastName },
  })
  return { firstName: u.firstName, lastName: u.lastName }
}

export const changeProfileLocaleBody = z.object({
  locale: z.string().refine(isLocale, 'Choose one of the available languages.'),
  region: z.string().refine((r) => countryCodes().includes(r), 'Choose one of the available regions.'),
})

export async function changeProfileLocale(userId: number, input: z.infer<typeof changeProfileLocaleBody>) {
  const u = await db.user.update({ where: { id: userId }, data: { locale: input.locale, localeRegion: input.region } })
  return { locale: u.locale, region: u.localeRegion }
}

/** available-profile-locales: the interface languages and the regions, named in the reader's language. */
export function availableProfileLocales(displayLocale: string) {
  const names = new Intl.DisplayNames([displayLocale, 'en'], { type: 'language', fallback: 'code' })
  const regions = new Intl.DisplayNames([displayLocale, 'en'], { type: 'region', fallback: 'code' })
  return {
    locales: LOCALES.map((code) => ({ code, name: names.of(code) ?? code })),
    regions: countryCodes()
      .map((code) => ({ code, name: regions.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, displayLocale)),
  }
}

export async function getPersonalSettings(userId: number) {
  const u = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      email: true,
      firstName: true,
      lastName: true,
      locale: true,
      localeRegion: true,
      photoUrl: true,
      emailConfirmed: true,
    },
  })
  const pending = await db.emailChangeRequest.findFirst({
    where: { userId, usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { id: 'desc' },
    select: { newEmail: true },
  })
  return {
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    locale: u.locale,
    region: u.localeRegion,
    photoUrl: u.photoUrl,
    emailConfirmed: u.emailConfirmed,
    pendingEmail: pending?.newEmail ?? null,
  }
}
