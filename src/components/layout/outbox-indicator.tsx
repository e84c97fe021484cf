import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CloudUpload } from 'lucide-react'
import { isQueuedProofs } from '../../features/proofs/api/proof-outbox'
import { isQueuedSupportMessage } from '../../features/support-chat/api/queued-support-message'
import { useOutboxItems } from '../../lib/outbox'
import { toLocaleParam, useLocale } from '../../lib/locale'

/**
 * The top bar's count of what waits on this phone to be sent (or was refused and needs the
 * shopper), so money, proofs and chat messages confirmed offline are never forgotten. Hidden when
 * nothing waits.
 */
export function OutboxIndicator({ className }: { className: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const items = useOutboxItems()
  const oldest = items[0]
  if (oldest === undefined) return null
  const count = items.length
  // To where the oldest waiting item can be seen, cancelled or fixed.
  const linkProps = isQueuedProofs(oldest)
    ? ({
        to: '/{-$locale}/cashback/$id',
        params: { locale: toLocaleParam(locale), id: oldest.payload.transactionId },
      } as const)
    : isQueuedSupportMessage(oldest)
      ? ({ to: '/{-$locale}/chat-support', params: { locale: toLocaleParam(locale) } } as const)
      : ({ to: '/{-$locale}/withdrawal', params: { locale: toLocaleParam(locale) } } as const)
  return (
    <Link {...linkProps} aria-label={t`รอส่ง ${count} รายการ`} className={`relative ${className}`}>
      <CloudUpload aria-hidden="true" className="size-6 text-cashback-700" />
      <span className="absolute top-1 right-0.5 min-w-5 rounded-full bg-cashback-600 px-1 text-center text-[0.6875rem] leading-[1.5] font-bold text-white">
        {count}
      </span>
    </Link>
  )
}
