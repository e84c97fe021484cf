import { useLingui } from '@lingui/react/macro'
import { ImagePlus, LoaderCircle, ReceiptText, Send, X } from 'lucide-react'
import { useLayoutEffect, useRef, useState, type SubmitEvent } from 'react'
import { maxSupportMessageAttachments, maxSupportMessageLength } from '#domain/support/chat'
import { FormAlert } from '../../../components/ui/form-alert'
import { intlLocaleTags } from '#domain/locale'
import { useLocale } from '../../../lib/locale'
import { queueSupportMessage } from '../api/support-message-outbox'
import { PurchasePicker } from './purchase-picker'
import type { SupportDraft } from './use-support-draft'

/** The counter shows from this many characters before the limit. */
const counterFrom = maxSupportMessageLength - 200

const iconButton =
  'inline-flex size-touch shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 active:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-50'

/**
 * Writing a message: the text (up to `maxSupportMessageLength`, a counter near it), a purchase and
 * up to `maxSupportMessageAttachments` pictures. Send puts it in the outbox with its key, made now:
 * it is on its way at once online, and waits for the signal offline. What was written leaves the
 * box only once it is safely queued.
 */
export function Composer({
  buyerId,
  draft,
  isSuspended,
  onQueued,
}: {
  buyerId: string
  draft: SupportDraft
  isSuspended: boolean
  onQueued: () => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const textArea = useRef<HTMLTextAreaElement>(null)
  const [isPickingPurchase, setIsPickingPurchase] = useState(false)
  const [isQueuing, setIsQueuing] = useState(false)
  const [queueError, setQueueError] = useState(false)
  const { pictures } = draft
  const length = draft.text.length
  const canAttachPictures = pictures.selected.length < maxSupportMessageAttachments

  // Grows with what is written, up to the height its class allows, then scrolls; a page that was
  // at the end of the thread stays there, so the box never covers the last messages.
  useLayoutEffect(() => {
    const element = textArea.current
    if (element === null) return
    const root = document.documentElement
    const wasAtEnd = window.innerHeight + window.scrollY >= root.scrollHeight - 8
    element.style.height = 'auto'
    element.style.height = `${element.scrollHeight}px`
    if (wasAtEnd) window.scrollTo({ top: root.scrollHeight })
  }, [draft.text])

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!draft.canSend || isQueuing) return
    setIsQueuing(true)
    setQueueError(false)
    try {
      await queueSupportMessage(buyerId, {
        text: draft.text,
        transaction: draft.transaction,
        images: pictures.readyImages,
      })
      draft.reset()
      onQueued()
    } catch (error) {
      // The phone's storage refused it (full, or private mode): nothing was queued, the draft stays.
      console.error(error)
      setQueueError(true)
    } finally {
      setIsQueuing(false)
    }
  }

  const formattedLength = length.toLocaleString(intlLocaleTags[locale])
  const formattedLimit = maxSupportMessageLength.toLocaleString(intlLocaleTags[locale])

  return (
    <>
      <form
        onSubmit={(event) => void send(event)}
        aria-label={t`เขียนข้อความ`}
        className="sticky bottom-0 z-10 space-y-2 border-t border-line bg-surface/95 px-2 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] backdrop-blur"
      >
        {queueError ? <FormAlert>{t`บันทึกข้อความไว้ในเครื่องไม่ได้ พื้นที่ในเครื่องอาจเต็ม ข้อความยังอยู่ในช่องพิมพ์`}</FormAlert> : null}
        {pictures.isOverLimit ? (
          <FormAlert>{t`แนบรูปได้สูงสุด ${maxSupportMessageAttachments} รูปต่อข้อความ`}</FormAlert>
        ) : null}
        {pictures.hasUnreadable ? <FormAlert>{t`มีรูปที่อ่านไม่ได้ ลองเลือกรูปแบบ JPEG หรือ PNG แล้วนำรูปนั้นออก`}</FormAlert> : null}

        {draft.transaction || pictures.selected.length > 0 ? (
          <div className="flex [scrollbar-width:none] gap-2 overflow-x-auto px-1 pb-1">
            {draft.transaction ? (
              <span className="flex shrink-0 items-center gap-1 rounded-full border border-line bg-canvas py-1 pl-3 text-sm">
                <ReceiptText aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                <span className="max-w-40 truncate">
                  {locale === 'th' ? draft.transaction.merchantNameTh : draft.transaction.merchantNameEn}
                  {' · '}
                  {draft.transaction.orderId}
                </span>
                <button
                  type="button"
                  onClick={() => draft.setTransaction(null)}
                  aria-label={t`นำรายการสั่งซื้อที่แนบออก`}
                  className="inline-flex size-touch items-center justify-center rounded-full"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </span>
            ) : null}
            {pictures.selected.map((item, index) => {
              const number = index + 1
              return (
                <span key={item.id} className="relative shrink-0 overflow-hidden rounded-xl border border-line">
                  <img
                    src={item.previewUrl}
                    alt={t`รูปที่เลือก ${number}`}
                    className={`size-14 object-cover ${item.state === 'unreadable' ? 'opacity-40' : ''}`}
                  />
                  {item.state === 'preparing' ? (
                    <span className="absolute inset-0 flex items-center justify-center bg-surface/60">
                      <LoaderCircle aria-label={t`กำลังเตรียมรูป`} className="size-5 animate-spin text-brand-700" />
                    </span>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => pictures.remove(item.id)}
                    aria-label={t`นำรูปที่เลือก ${number} ออก`}
                    className="absolute -top-1.5 -right-1.5 flex size-touch items-start justify-end p-1"
                  >
                    <span className="flex size-5 items-center justify-center rounded-full bg-ink/80 text-white">
                      <X aria-hidden="true" className="size-3.5" />
                    </span>
                  </button>
                </span>
              )
            })}
          </div>
        ) : null}

        <div className="flex items-end gap-0.5">
          <button
            type="button"
            onClick={() => setIsPickingPurchase(true)}
            aria-label={t`แนบรายการสั่งซื้อ`}
            className={iconButton}
          >
            <ReceiptText aria-hidden="true" className="size-6" />
          </button>
          <label
            className={`${iconButton} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600 ${canAttachPictures ? '' : 'pointer-events-none opacity-50'}`}
          >
            <ImagePlus aria-hidden="true" className="size-6" />
            <span className="sr-only">{t`แนบรูปภาพ`}</span>
            <input
              type="file"
              accept="image/*"
              multiple
              disabled={!canAttachPictures}
              className="sr-only"
              onChange={(event) => {
                setQueueError(false)
                pictures.pick(event)
              }}
            />
          </label>
          <textarea
            ref={textArea}
            value={draft.text}
            onChange={(event) => draft.setText(event.target.value)}
            aria-label={t`ข้อความ`}
            aria-describedby={length >= counterFrom ? 'support-message-counter' : undefined}
            placeholder={isSuspended ? t`เขียนถึงเจ้าหน้าที่…` : t`พิมพ์ข้อความ…`}
            maxLength={maxSupportMessageLength}
            rows={1}
            className="max-h-40 min-h-touch flex-1 resize-none rounded-3xl border border-line bg-canvas px-4 py-2 text-base leading-[1.6] focus:border-brand-600 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!draft.canSend || isQueuing}
            aria-label={t`ส่ง`}
            className="inline-flex size-touch shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800 disabled:cursor-not-allowed disabled:bg-line disabled:text-ink-muted"
          >
            {isQueuing || pictures.isPreparing ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Send aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
        {length >= counterFrom ? (
          <p
            id="support-message-counter"
            aria-live="polite"
            className={`px-3 text-right text-xs ${length >= maxSupportMessageLength ? 'font-semibold text-danger-700' : 'text-ink-muted'}`}
          >
            {t`${formattedLength}/${formattedLimit} ตัวอักษร`}
          </p>
        ) : null}
      </form>
      {/* Beside the form, not in it: the sheet is a dialog of its own, with its own buttons. */}
      <PurchasePicker
        buyerId={buyerId}
        open={isPickingPurchase}
        onClose={() => setIsPickingPurchase(false)}
        onPick={(transaction) => {
          draft.setTransaction(transaction)
          setIsPickingPurchase(false)
        }}
      />
    </>
  )
}
