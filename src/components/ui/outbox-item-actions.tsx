import { useLingui } from '@lingui/react/macro'
import { RotateCw, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { canRetryOutboxItem, getAppOutbox, type OutboxItem } from '../../lib/outbox'
import { Button } from './button'

/**
 * What the shopper can do with an item that waits on the phone: `children` first (e.g. edit),
 * then try again (a refused item that can be sent again) and discard. Nothing while it is being
 * sent: it may already have arrived.
 */
export function OutboxItemActions({
  item,
  discardLabel,
  children,
}: {
  item: OutboxItem
  discardLabel: string
  children?: ReactNode
}) {
  const { t } = useLingui()
  if (item.state === 'sending') return null
  const outbox = getAppOutbox()
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      {canRetryOutboxItem(item) ? (
        <Button variant="secondary" className="text-sm" onClick={() => void outbox.retry(item.id)}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t`ลองส่งอีกครั้ง`}
        </Button>
      ) : null}
      <Button variant="ghost" className="text-sm" onClick={() => void outbox.discard(item.id)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {discardLabel}
      </Button>
    </div>
  )
}
