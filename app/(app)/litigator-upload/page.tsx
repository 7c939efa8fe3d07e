import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { LitigatorUploadScreen } from '@/components/staff/litigator-upload-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.litigatorUpload.title') }
}

// /litigator-upload – the account's own list of phone numbers never to be texted
export default function LitigatorUploadPage() {
  return (
    <RouteScreen>
      <LitigatorUploadScreen />
    </RouteScreen>
  )
}
