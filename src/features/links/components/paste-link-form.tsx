import { useLingui } from '@lingui/react/macro'
import { ClipboardPaste } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { maxPastedTextLength } from '#domain/links/shop-links'
import { Button } from '../../../components/ui/button'
import { ThaiText } from '../../../components/ui/thai-text'
import { useBrowserValue } from '../../../lib/use-browser-value'

type Problem = 'empty' | 'clipboard_empty' | 'clipboard_refused'

/**
 * Reading the clipboard needs a secure page and a browser that offers it (Chromium asks once,
 * Safari and Firefox show their own "Paste" bubble); elsewhere the field is the way.
 */
function canReadClipboard(): boolean {
  if (!window.isSecureContext) return false
  // Typed as always there, but missing in older browsers.
  const clipboard = (navigator as Partial<Navigator>).clipboard
  return typeof clipboard?.readText === 'function'
}

/**
 * The link field with its visible label, a Paste button where the clipboard can be read, and
 * "Check the link". What the shopper typed stays in the field whatever the answer.
 */
export function PasteLinkForm({
  initialText = '',
  onSubmit,
  className = '',
}: {
  initialText?: string
  onSubmit: (text: string) => void
  className?: string
}) {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(initialText)
  const [problem, setProblem] = useState<Problem | undefined>()
  // No Paste button in the prerendered page: the server cannot know the browser.
  const hasClipboard = useBrowserValue(canReadClipboard, false)

  function submit(value: string) {
    const trimmed = value.trim()
    if (trimmed === '') {
      setProblem('empty')
      input.current?.focus()
      return
    }
    setProblem(undefined)
    onSubmit(trimmed)
  }

  async function paste() {
    let pasted: string
    try {
      pasted = await navigator.clipboard.readText()
    } catch {
      // Refused (the shopper said no, or the browser wants a gesture on its own bubble).
      setProblem('clipboard_refused')
      input.current?.focus()
      return
    }
    if (pasted.trim() === '') {
      setProblem('clipboard_empty')
      return
    }
    const kept = pasted.slice(0, maxPastedTextLength)
    setText(kept)
    submit(kept)
  }

  const problemText =
    problem === 'empty'
      ? t`วางหรือพิมพ์ลิงก์สินค้าก่อน`
      : problem === 'clipboard_empty'
        ? t`ยังไม่มีลิงก์ในคลิปบอร์ด คัดลอกลิงก์สินค้าก่อน แล้วแตะ "วาง" อีกครั้ง`
        : problem === 'clipboard_refused'
          ? t`เปิดคลิปบอร์ดไม่ได้ แตะค้างในช่องแล้วเลือก "วาง"`
          : undefined

  return (
    <form
      noValidate
      className={className}
      onSubmit={(event) => {
        event.preventDefault()
        submit(text)
      }}
    >
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {t`ลิงก์สินค้า`}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          name="link"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (problem !== undefined) setProblem(undefined)
          }}
          inputMode="url"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={maxPastedTextLength}
          placeholder="https://"
          aria-invalid={problem === 'empty' ? true : undefined}
          aria-describedby={problemText === undefined ? undefined : `${id}-problem`}
          className="h-12 min-w-0 flex-1 rounded-xl border border-line bg-surface px-4 text-base text-ink placeholder:text-ink-muted focus:border-brand-500 focus:outline-none"
        />
        {hasClipboard ? (
          <Button variant="secondary" className="shrink-0 px-4" onClick={() => void paste()}>
            <ClipboardPaste aria-hidden="true" className="size-5" />
            {t`วาง`}
          </Button>
        ) : null}
      </div>
      {problemText === undefined ? null : (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-danger-700">
          {problemText}
        </p>
      )}
      <Button type="submit" className="mt-3 w-full">
        <ThaiText>{t`ดูเงินคืนจากลิงก์นี้`}</ThaiText>
      </Button>
    </form>
  )
}
