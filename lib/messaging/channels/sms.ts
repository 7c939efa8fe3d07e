// sms: no provider yet (issue 8 builds it).
import { notConfigured, type DeliverChannel } from './types'

export const deliverSms: DeliverChannel = async () => notConfigured('sms')
