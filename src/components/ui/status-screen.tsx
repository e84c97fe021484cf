import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ThaiText } from './thai-text'

type Tone = 'brand' | 'warning' | 'danger'

const toneClasses: Record<Tone, string> = {
  brand: 'bg-brand-50 text-brand-700',
  warning: 'bg-cashback-50 text-cashback-700',
  danger: 'bg-danger-50 text-danger-700',
}

/**
 * A full-screen message with an icon, a title, an explanation and actions: used by not-found,
 * error, maintenance, ban and unauthorized screens so they look and read alike.
 */
export function StatusScreen({
  icon: Icon,
  tone = 'brand',
  title,
  children,
  actions,
}: {
  icon: LucideIcon
  tone?: Tone
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
}) {
  return (
    <section className="flex min-h-[70dvh] flex-col items-center justify-center px-6 py-10 text-center">
      <div className={`mb-6 flex size-20 items-center justify-center rounded-full ${toneClasses[tone]}`}>
        <Icon aria-hidden="true" className="size-10" strokeWidth={1.75} />
      </div>
      <h1 className="text-2xl font-bold text-balance text-ink">
        {typeof title === 'string' ? <ThaiText>{title}</ThaiText> : title}
      </h1>
      {children ? <div className="mt-3 max-w-sm text-base text-ink-muted">{children}</div> : null}
      {actions ? <div className="mt-8 flex w-full max-w-xs flex-col gap-3">{actions}</div> : null}
    </section>
  )
}
