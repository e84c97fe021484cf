import { useLingui } from '@lingui/react/macro'
import { Download, Share } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { ThaiText } from '../../../components/ui/thai-text'
import type { InstallOption } from '../../../lib/install-prompt'

/** How to add the app to the home screen: the browser's own prompt, or Safari's Share menu. */
export function InstallAppCard({ installOption }: { installOption: NonNullable<InstallOption> }) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="install-app" className="rounded-card bg-surface p-5 shadow-card">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Download aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="install-app" className="font-bold">
            <ThaiText>{t`ติดตั้งแอปเงินคืนบนหน้าจอหลัก`}</ThaiText>
          </h2>
          <p className="text-sm text-ink-muted">
            <ThaiText>{t`เปิดได้เร็วเหมือนแอป และดูร้านค้าที่เคยเปิดได้แม้ไม่มีสัญญาณ`}</ThaiText>
          </p>
        </div>
      </div>
      {installOption.kind === 'prompt' ? (
        <Button className="mt-4 w-full" onClick={() => void installOption.install()}>
          {t`ติดตั้งแอป`}
        </Button>
      ) : (
        <p className="mt-4 flex items-center gap-2 rounded-xl bg-canvas px-3 py-2 text-sm">
          <Share aria-hidden="true" className="size-4 shrink-0" />
          {t`แตะปุ่มแชร์ แล้วเลือก "เพิ่มไปยังหน้าจอโฮม"`}
        </p>
      )}
    </section>
  )
}
