import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { BellOff, BellRing, Share, Smartphone, type LucideIcon } from 'lucide-react'
import { useId } from 'react'
import { notificationTopics, type NotificationTopic } from '#domain/notifications/notification-rules'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { Skeleton } from '../../../components/ui/skeleton'
import { Switch } from '../../../components/ui/switch'
import { ThaiText } from '../../../components/ui/thai-text'
import { isApiError } from '../../../lib/api-client'
import { notificationSettingsQueryOptions } from '../api/notification-settings'
import { useNotificationTopic } from '../use-notification-topic'
import { usePushDevice, type PushDeviceState } from '../use-push-device'

/**
 * The profile's notification settings: whether this device gets pushes, and which topics are
 * pushed to the shopper's devices. The in-app list keeps everything whatever is chosen here.
 */
export function NotificationSettingsSection({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-card bg-surface p-4 shadow-card">
      <h2 id={headingId} className="font-bold">
        <ThaiText>{t`การแจ้งเตือน`}</ThaiText>
      </h2>
      <DeviceRow buyerId={buyerId} />
      <TopicList buyerId={buyerId} />
    </section>
  )
}

function DeviceRow({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const device = usePushDevice(buyerId)
  const state = device.state
  if (state === undefined) return <Skeleton className="h-16" />
  const label = t`รับการแจ้งเตือนบนอุปกรณ์นี้`
  return (
    <div className="space-y-2 border-b border-line pb-3">
      {state.kind === 'on' || state.kind === 'off' ? (
        <Switch
          label={label}
          description={
            state.kind === 'on'
              ? t`เปิดอยู่ อุปกรณ์นี้จะแจ้งเตือนคุณตามเรื่องที่เลือกไว้ด้านล่าง`
              : t`ปิดอยู่ เปิดเพื่อรู้ทันทีเมื่อเงินคืนได้รับการอนุมัติหรือถอนเงินสำเร็จ`
          }
          checked={state.kind === 'on'}
          isBusy={device.isBusy}
          // Called in the tap itself: the browser shows its permission prompt only for a gesture.
          onCheckedChange={(isOn) => void (isOn ? device.turnOn() : device.turnOff())}
        />
      ) : (
        <DeviceNotice label={label} state={state} />
      )}
      {device.error ? <FormAlert>{device.error}</FormAlert> : null}
    </div>
  )
}

/** Why this device cannot get pushes now, and what the shopper can do about it. */
function DeviceNotice({
  label,
  state,
}: {
  label: string
  state: Exclude<PushDeviceState, { kind: 'on' } | { kind: 'off' }>
}) {
  const { t } = useLingui()
  const notices: Record<typeof state.kind, { icon: LucideIcon; text: string }> = {
    unsupported: {
      icon: BellOff,
      text: t`เบราว์เซอร์นี้รับการแจ้งเตือนไม่ได้ คุณยังดูการแจ้งเตือนทั้งหมดได้ที่ไอคอนกระดิ่งด้านบน`,
    },
    'needs-install': {
      icon: Share,
      text: t`บน iPhone และ iPad ต้องเพิ่มแอปไว้ที่หน้าจอโฮมก่อน: ใน Safari แตะปุ่มแชร์ เลือก "เพิ่มไปยังหน้าจอโฮม" แล้วเปิดแอปจากไอคอนนั้นเพื่อเปิดการแจ้งเตือน`,
    },
    denied: {
      icon: BellOff,
      text: t`การแจ้งเตือนถูกบล็อกไว้ในเบราว์เซอร์ หากต้องการเปิด ให้แตะไอคอนหน้าที่อยู่เว็บ เลือกการตั้งค่าเว็บไซต์ แล้วอนุญาตการแจ้งเตือน (ถ้าเปิดแอปจากหน้าจอโฮม ให้ไปที่การตั้งค่าแอปในโทรศัพท์)`,
    },
  }
  const { icon: Icon, text } = notices[state.kind]
  return (
    <div className="flex gap-3 py-1">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-canvas text-ink-muted">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          <ThaiText>{label}</ThaiText>
        </p>
        <p className="text-sm text-ink-muted">
          <ThaiText>{text}</ThaiText>
        </p>
      </div>
    </div>
  )
}

function useTopicTexts(): Record<NotificationTopic, { label: string; description: string }> {
  const { t } = useLingui()
  return {
    cashback_approved: {
      label: t`เงินคืนได้รับการอนุมัติ`,
      description: t`เมื่อร้านค้ายืนยันคำสั่งซื้อ และเงินคืนพร้อมให้กดรับ`,
    },
    cashback_released: {
      label: t`เงินคืนภายใน 1 วัน`,
      description: t`เมื่อเรตติ้งของคุณทำให้ได้รับเงินคืนเร็วขึ้น ไม่ต้องรอร้านค้า`,
    },
    withdrawal: {
      label: t`ถอนเงินสำเร็จหรือไม่สำเร็จ`,
      description: t`เมื่อเงินที่ถอนโอนเข้าบัญชีแล้ว หรือกลับเข้ากระเป๋าเงิน`,
    },
    proof_reviewed: {
      label: t`ผลการตรวจหลักฐาน`,
      description: t`เมื่อเราตรวจหลักฐานการสั่งซื้อที่คุณส่งมาเสร็จแล้ว`,
    },
    reminders: {
      label: t`การเตือน`,
      description: t`เงินคืนที่ยังไม่ได้กดรับ และคำสั่งซื้อหรือการถอนเงินที่ล่าช้า`,
    },
    promotions: {
      label: t`โปรโมชัน`,
      description: t`ข้อเสนอและเงินคืนพิเศษจากร้านค้าพาร์ทเนอร์`,
    },
    support: {
      label: t`ข้อความจากทีมงาน`,
      description: t`เมื่อทีมงานตอบแชทของคุณ`,
    },
  }
}

function TopicList({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const query = useQuery(notificationSettingsQueryOptions(buyerId))
  const texts = useTopicTexts()
  const listLabelId = useId()
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        {notificationTopics.map((topic) => (
          <Skeleton key={topic} className="h-14" />
        ))}
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="space-y-2">
        <FormAlert>
          <ThaiText>{t`โหลดการตั้งค่าการแจ้งเตือนไม่สำเร็จ`}</ThaiText>
        </FormAlert>
        <Button variant="secondary" className="w-full" onClick={() => void query.refetch()}>
          {t`ลองอีกครั้ง`}
        </Button>
      </div>
    )
  }
  return (
    <div className="space-y-1">
      <p id={listLabelId} className="flex items-center gap-2 text-sm font-medium text-ink-muted">
        <BellRing aria-hidden="true" className="size-4" />
        <ThaiText>{t`เรื่องที่แจ้งเตือน`}</ThaiText>
      </p>
      <ul aria-labelledby={listLabelId} className="divide-y divide-line">
        {notificationTopics.map((topic) => (
          <li key={topic}>
            <TopicSwitch
              buyerId={buyerId}
              topic={topic}
              isOn={query.data.topics[topic]}
              label={texts[topic].label}
              description={texts[topic].description}
            />
          </li>
        ))}
      </ul>
      <p className="flex gap-2 pt-2 text-sm text-ink-muted">
        <Smartphone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <ThaiText>{t`ตัวเลือกเหล่านี้กำหนดว่าเรื่องใดจะแจ้งเตือนไปยังอุปกรณ์ของคุณ ทุกเรื่องยังแสดงในรายการการแจ้งเตือนเสมอ`}</ThaiText>
      </p>
    </div>
  )
}

function TopicSwitch({
  buyerId,
  topic,
  isOn,
  label,
  description,
}: {
  buyerId: string
  topic: NotificationTopic
  isOn: boolean
  label: string
  description: string
}) {
  const { t } = useLingui()
  const mutation = useNotificationTopic(buyerId, topic)
  return (
    <div className="py-1">
      <Switch
        label={label}
        description={description}
        checked={isOn}
        isBusy={mutation.isPending}
        onCheckedChange={(checked) => mutation.mutate(checked)}
      />
      {mutation.isError ? (
        <FormAlert>
          {isApiError(mutation.error, 'network')
            ? t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต ลองอีกครั้งเมื่อออนไลน์`
            : t`บันทึกไม่สำเร็จ กรุณาลองอีกครั้ง`}
        </FormAlert>
      ) : null}
    </div>
  )
}
