import { useLingui } from '@lingui/react/macro'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Proof } from '#domain/contracts/proof'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { isApiError } from '../../../lib/api-client'
import { useDeleteProof } from '../api/proof-api'
import { proofStatusToneClasses, useProofThumbnailStatusLabels } from './proof-labels'

/** The proofs the server has, each with its state; pending and refused ones can be deleted after a confirmation. */
export function ProofGallery({
  buyerId,
  transactionId,
  proofs,
}: {
  buyerId: string
  transactionId: string
  proofs: Proof[]
}) {
  const { t } = useLingui()
  const labels = useProofThumbnailStatusLabels()
  const deletion = useDeleteProof(buyerId, transactionId)
  const [confirming, setConfirming] = useState<{ proofId: string; number: number } | null>(null)
  if (proofs.length === 0) return null
  const confirmingNumber = confirming?.number ?? 0

  const error = deletion.error
  const errorMessage =
    error === null
      ? undefined
      : isApiError(error, 'network')
        ? t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต ลบหลักฐานได้เมื่อกลับมาออนไลน์`
        : isApiError(error, 'proof_not_deletable')
          ? t`หลักฐานที่ผ่านการตรวจสอบแล้วลบไม่ได้`
          : t`ลบหลักฐานไม่สำเร็จ กรุณาลองอีกครั้ง`

  return (
    <div className="space-y-2">
      {errorMessage ? <FormAlert>{errorMessage}</FormAlert> : null}
      <ul aria-label={t`หลักฐานที่ส่งแล้ว`} className="grid grid-cols-3 gap-2">
        {proofs.map((proof, index) => {
          const number = index + 1
          return (
            <li key={proof._id} className="relative overflow-hidden rounded-xl border border-line bg-canvas">
              <img
                src={proof.imageUrl}
                alt={t`หลักฐานรูปที่ ${number}`}
                width={proof.width}
                height={proof.height}
                loading="lazy"
                className="aspect-square w-full object-cover"
              />
              <span
                className={`absolute inset-x-1 bottom-1 truncate rounded-full px-2 text-center text-[0.6875rem] leading-[1.6] font-semibold ${proofStatusToneClasses[proof.status]}`}
              >
                {labels[proof.status]}
              </span>
              {proof.status === 'approved' ? null : (
                <button
                  type="button"
                  aria-label={t`ลบหลักฐานรูปที่ ${number}`}
                  disabled={deletion.isPending}
                  onClick={() => setConfirming({ proofId: proof._id, number })}
                  className="absolute top-0 right-0 flex size-touch items-center justify-center"
                >
                  <span className="flex size-8 items-center justify-center rounded-full bg-surface/90 text-danger-700 shadow-card">
                    <Trash2 aria-hidden="true" className="size-4" />
                  </span>
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={t`ลบหลักฐานรูปที่ ${confirmingNumber}?`}
        confirmLabel={t`ลบหลักฐาน`}
        cancelLabel={t`ยกเลิก`}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming !== null) deletion.mutate(confirming.proofId)
          setConfirming(null)
        }}
      >
        {t`รูปนี้จะถูกลบถาวรและไม่ถูกนำไปตรวจสอบ คุณส่งรูปใหม่แทนได้`}
      </ConfirmDialog>
    </div>
  )
}
