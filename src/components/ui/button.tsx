import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'

const base =
  'inline-flex min-h-touch min-w-touch items-center justify-center gap-2 rounded-full px-5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60'

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800',
  secondary: 'border border-line bg-surface text-ink hover:bg-canvas active:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50 active:bg-brand-100',
  /** The confirming button of something that cannot be undone. */
  danger: 'bg-danger-600 text-white hover:bg-danger-700 active:bg-danger-700',
}

export function buttonClassName(variant: Variant = 'primary', className = ''): string {
  return `${base} ${variants[variant]} ${className}`
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }

export function Button({ variant, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />
}

type AnchorButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant }

const AnchorButton = forwardRef<HTMLAnchorElement, AnchorButtonProps>(function AnchorButton(
  { variant, className, children, ...props },
  ref,
) {
  return (
    <a ref={ref} className={buttonClassName(variant, className)} {...props}>
      {children}
    </a>
  )
})

const CreatedButtonLink = createLink(AnchorButton)

/** A router link that looks like a button. */
export const ButtonLink: LinkComponent<typeof AnchorButton> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
)
