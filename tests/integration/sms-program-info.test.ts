/** @jest-environment node */
// The public /{publicId}/info page's data (issue 27 §4): found by the company's public key only,
// the saved disclosure or the default naming the company, the HELP answer; an unknown or
// malformed key is null (the page answers 404).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { getSmsProgramInfo } from '@/lib/messaging/sms/sms-program-info'

test('the program info of the company whose public key it is', async () => {
  const c = await makeCompany('Acme Socks')
  await db.company.update({ where: { id: c.id }, data: { websiteUrl: 'https://acme.test' } })
  const first = await getSmsProgramInfo(c.publicApiKey)
  expect(first).toMatchObject({
    companyName: 'Acme Socks',
    websiteUrl: 'https://acme.test',
    address: '1 Test Street, 62701 Springfield, US',
    helpText: null,
  })
  expect(first!.disclosure).toContain('from Acme Socks')
  await db.smsSettings.create({
    data: {
      companyId: c.id,
      disclosureText: 'Texts from Acme. Reply STOP to opt out.',
      helpText: 'Acme help: 555-0100',
    },
  })
  expect(await getSmsProgramInfo(c.publicApiKey)).toMatchObject({
    disclosure: 'Texts from Acme. Reply STOP to opt out.',
    helpText: 'Acme help: 555-0100',
  })
})

test('unknown or malformed public ids are not found; a non-http website is not linked', async () => {
  const c = await makeCompany()
  await db.company.update({ where: { id: c.id }, data: { websiteUrl: 'javascript:alert(1)' } })
  expect((await getSmsProgramInfo(c.publicApiKey))!.websiteUrl).toBeNull()
  expect(await getSmsProgramInfo('ZZZZZZ9')).toBeNull()
  expect(await getSmsProgramInfo('../etc')).toBeNull()
  expect(await getSmsProgramInfo('')).toBeNull()
})
