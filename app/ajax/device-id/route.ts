import { ajax, z } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { checkDeviceId } from '@/lib/shell/check-device-id'

// The browser sends {deviceID}; its HTTP module may snake_case it (device_id → deviceId).
const deviceBody = z.object({ deviceID: z.string().max(200).optional(), deviceId: z.string().max(200).optional() })

// POST /ajax/device-id – records the session's device id, or says whether it still matches
export const POST = ajax({
  body: deviceBody,
  handler: async ({ ctx, body }) => {
    const id = (body.deviceID ?? body.deviceId ?? '').trim()
    if (!id) throw badRequest('Please correct the highlighted fields.', { deviceID: ['A device id is required.'] })
    return { isValidSessionDeviceID: await checkDeviceId(ctx.principal.sessionId, id) }
  },
})
