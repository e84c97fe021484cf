import { useLingui } from '@lingui/react/macro'
import { Camera, ImagePlus, LoaderCircle, Send, ShieldCheck, X } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { maxProofImages } from '#domain/contracts/proof'
import { Button, buttonClassName } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { ThaiText } from '../../../components/ui/thai-text'
import { queueProofImages } from '../api/proof-outbox'
import { forgetSharedPictures, readSharedPictures } from '../shared-pictures'
import { usePreparedImages } from '../use-prepared-images'

/** Once: the shared pictures go into the picker (through its pipeline) and leave the share's keeping. */
function useSharedPictures(isWanted: boolean, add: (files: readonly File[]) => void) {
  const isTaken = useRef(false)
  const addShared = useEffectEvent(add)
  useEffect(() => {
    if (!isWanted || isTaken.current) return
    isTaken.current = true
    void readSharedPictures().then(async (files) => {
      if (files.length === 0) return
      addShared(files)
      await forgetSharedPictures()
    })
  }, [isWanted])
}

/**
 * Pictures from the camera or the gallery, made small on the phone as soon as they are picked
 * (so "send" only queues them), shown before sending, each removable. At most `remaining`.
 */
export function ProofPicker({
  buyerId,
  transactionId,
  remaining,
  sent,
  takesSharedPictures,
}: {
  buyerId: string
  transactionId: string
  /** How many more the transaction can take (5 minus those sent or waiting to be sent). */
  remaining: number
  /** Those sent or waiting, for the "3/5" count. */
  sent: number
  /** Start with the pictures shared into the app from the gallery (/share-target chose this purchase). */
  takesSharedPictures?: boolean
}) {
  const { t } = useLingui()
  const pictures = usePreparedImages(remaining)
  useSharedPictures(takesSharedPictures === true, pictures.add)
  const { selected, isOverLimit, isPreparing, hasUnreadable } = pictures
  const [isQueuing, setIsQueuing] = useState(false)
  const [queueError, setQueueError] = useState(false)

  async function send() {
    setIsQueuing(true)
    setQueueError(false)
    try {
      await queueProofImages(buyerId, transactionId, pictures.readyImages)
      pictures.clear()
    } catch (error) {
      // The phone's storage refused the pictures (full, or private mode): nothing was queued.
      console.error(error)
      setQueueError(true)
    } finally {
      setIsQueuing(false)
    }
  }

  const readyCount = pictures.readyImages.length
  const canPickMore = selected.length < remaining
  const count = sent + selected.length

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">
          <ThaiText>{t`รูปหลักฐาน`}</ThaiText>
        </p>
        <p className="text-sm text-ink-muted" aria-live="polite">
          {t`${count}/${maxProofImages} รูป`}
        </p>
      </div>

      {selected.length > 0 ? (
        <ul aria-label={t`รูปที่เลือก`} className="grid grid-cols-3 gap-2">
          {selected.map((item, index) => {
            const number = index + 1
            return (
              <li key={item.id} className="relative overflow-hidden rounded-xl border border-line bg-canvas">
                <img
                  src={item.previewUrl}
                  alt={t`รูปที่เลือก ${number}`}
                  className={`aspect-square w-full object-cover ${item.state === 'unreadable' ? 'opacity-40' : ''}`}
                />
                {item.state === 'preparing' ? (
                  <span className="absolute inset-0 flex items-center justify-center bg-surface/60">
                    <LoaderCircle aria-label={t`กำลังเตรียมรูป`} className="size-6 animate-spin text-brand-700" />
                  </span>
                ) : null}
                {item.state === 'unreadable' ? (
                  <span className="absolute inset-x-1 bottom-1 rounded-full bg-danger-50 px-2 text-center text-[0.6875rem] leading-[1.6] font-semibold text-danger-700">
                    {t`อ่านรูปไม่ได้`}
                  </span>
                ) : null}
                <button
                  type="button"
                  aria-label={t`นำรูปที่เลือก ${number} ออก`}
                  onClick={() => pictures.remove(item.id)}
                  className="absolute top-0 right-0 flex size-touch items-center justify-center"
                >
                  <span className="flex size-8 items-center justify-center rounded-full bg-surface/90 shadow-card">
                    <X aria-hidden="true" className="size-4" />
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}

      {isOverLimit ? (
        <FormAlert>
          <ThaiText>{t`อัปโหลดหลักฐานได้สูงสุด 5 รูป`}</ThaiText>
        </FormAlert>
      ) : null}
      {hasUnreadable ? <FormAlert>{t`มีรูปที่อ่านไม่ได้ ลองเลือกรูปแบบ JPEG หรือ PNG แล้วนำรูปนั้นออก`}</FormAlert> : null}
      {queueError ? <FormAlert>{t`บันทึกรูปไว้ในเครื่องไม่ได้ พื้นที่ในเครื่องอาจเต็ม`}</FormAlert> : null}

      {canPickMore ? (
        <div className="grid grid-cols-2 gap-2">
          <label
            className={buttonClassName(
              'secondary',
              'cursor-pointer px-3 text-sm focus-within:ring-2 focus-within:ring-brand-600',
            )}
          >
            <Camera aria-hidden="true" className="size-5 shrink-0" />
            {t`ถ่ายรูป`}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(event) => {
                setQueueError(false)
                pictures.pick(event)
              }}
            />
          </label>
          <label
            className={buttonClassName(
              'secondary',
              'cursor-pointer px-3 text-sm focus-within:ring-2 focus-within:ring-brand-600',
            )}
          >
            <ImagePlus aria-hidden="true" className="size-5 shrink-0" />
            {t`เลือกรูป`}
            <input
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              onChange={(event) => {
                setQueueError(false)
                pictures.pick(event)
              }}
            />
          </label>
        </div>
      ) : null}

      {selected.length > 0 ? (
        <Button
          className="w-full"
          disabled={isPreparing || hasUnreadable || isQueuing || readyCount === 0}
          onClick={() => void send()}
        >
          {isPreparing || isQueuing ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
          <ThaiText>{t`ส่งหลักฐาน ${readyCount} รูป`}</ThaiText>
        </Button>
      ) : null}

      <p className="flex gap-2 text-xs text-ink-muted">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        {t`รูปจะถูกย่อขนาดและลบข้อมูลตำแหน่งออกก่อนส่ง ส่งได้แม้ไม่มีสัญญาณ ระบบจะส่งให้เมื่อกลับมาออนไลน์`}
      </p>
    </div>
  )
}
