// Birthday: every year on the profile's 'birthday' property, at 09:00 in the profile's own time
// zone, a birthday greeting.
import { emailAction } from './actions'
import { birthdayHtml } from './emails'
import type { FlowTemplate, TemplateEmail } from './template-types'

export const BIRTHDAY_PROPERTY = 'birthday'

const greeting: TemplateEmail = {
  key: 'greeting',
  name: 'Birthday greeting',
  subject: 'Happy birthday, {{ first_name|default:"friend" }}!',
  previewText: 'A little something to celebrate your day.',
  html: birthdayHtml,
}

export const birthday: FlowTemplate = {
  key: 'birthday',
  name: 'Birthday',
  metrics: [],
  emails: [greeting],
  steps: [
    { kind: 'trigger', trigger: 'date', property: BIRTHDAY_PROPERTY },
    { kind: 'email', name: greeting.name, subject: greeting.subject },
  ],
  definition: (refs) => ({
    triggers: [
      {
        type: 'date',
        date_field_type: 'profile-property',
        date_profile_property: BIRTHDAY_PROPERTY,
        timedelta_value_before_date: 0,
        timedelta_unit_before_date: 'days',
        recurrence_frequency: 'annually',
        timezone: 'profile',
        trigger_time: '09:00',
        trigger_days: null,
      },
    ],
    profile_filter: null,
    entry_action_id: 'email-greeting',
    reentry_criteria: null,
    actions: [emailAction('email-greeting', null, greeting, refs)],
  }),
}
