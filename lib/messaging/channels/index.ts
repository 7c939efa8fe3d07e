// The provider of each channel (one module each in this folder).
import type { Channel } from '../types'
import type { DeliverChannel } from './types'
import { deliverEmail } from './email'
import { deliverSms } from './sms'
import { deliverPush } from './push'
import { deliverWhatsApp } from './whatsapp'

export const CHANNEL_DELIVERY: Record<Channel, DeliverChannel> = {
  email: deliverEmail,
  sms: deliverSms,
  push: deliverPush,
  whatsapp: deliverWhatsApp,
}
