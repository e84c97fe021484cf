import { useState } from 'react'
import { maxSupportMessageAttachments, type SupportAttachedTransaction } from '#domain/support/chat'
import { usePreparedImages } from '../../proofs/use-prepared-images'
import type { PreparedProofImage } from '../../proofs/prepare-proof-image'

/**
 * What the shopper is writing: the text, the purchase and the pictures. Kept above the composer,
 * so a refused message taken back to edit (`restore`) lands in it whole.
 */
export function useSupportDraft() {
  const [text, setText] = useState('')
  const [transaction, setTransaction] = useState<SupportAttachedTransaction | null>(null)
  const pictures = usePreparedImages(maxSupportMessageAttachments)

  return {
    text,
    setText,
    transaction,
    setTransaction,
    pictures,
    /** Whether there is something to send, and nothing is still being made small or unreadable. */
    canSend:
      (text.trim() !== '' || transaction !== null || pictures.selected.length > 0) &&
      !pictures.isPreparing &&
      !pictures.hasUnreadable,
    reset() {
      setText('')
      setTransaction(null)
      pictures.clear()
    },
    restore(draft: { text: string; transaction: SupportAttachedTransaction | null; images: PreparedProofImage[] }) {
      setText(draft.text)
      setTransaction(draft.transaction)
      pictures.replaceWith(draft.images)
    },
  }
}

export type SupportDraft = ReturnType<typeof useSupportDraft>
