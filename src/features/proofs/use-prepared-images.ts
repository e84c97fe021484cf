import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { prepareProofImage, UnreadableImageError, type PreparedProofImage } from './prepare-proof-image'

export type SelectedImage = {
  id: string
  previewUrl: string
  state: 'preparing' | 'ready' | 'unreadable'
  image?: PreparedProofImage
}

/**
 * Pictures from the camera or the gallery, made small on the phone as soon as they are picked
 * (so "send" only queues them), with previews released when they leave the screen. At most
 * `capacity`; what is picked beyond it is left out and said (`isOverLimit`). Proofs and the
 * support chat pick their pictures through it.
 */
export function usePreparedImages(capacity: number) {
  const [selected, setSelected] = useState<SelectedImage[]>([])
  const [isOverLimit, setIsOverLimit] = useState(false)
  const previews = useRef(new Set<string>())

  // Object URLs hold the original photos in memory until revoked.
  useEffect(() => {
    const urls = previews.current
    return () => {
      for (const url of urls) URL.revokeObjectURL(url)
    }
  }, [])

  function release(item: SelectedImage) {
    URL.revokeObjectURL(item.previewUrl)
    previews.current.delete(item.previewUrl)
  }

  function remove(id: string) {
    setSelected((current) => {
      const item = current.find((candidate) => candidate.id === id)
      if (item !== undefined) release(item)
      return current.filter((candidate) => candidate.id !== id)
    })
    setIsOverLimit(false)
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])]
    // Cleared, so picking the same picture again (after removing it) still fires a change.
    event.target.value = ''
    add(files)
  }

  /** Selects pictures from elsewhere than the file inputs (shared into the app from the gallery). */
  function add(files: readonly File[]) {
    const room = capacity - selected.length
    setIsOverLimit(files.length > room)
    for (const file of files.slice(0, Math.max(0, room))) {
      const id = crypto.randomUUID()
      const previewUrl = URL.createObjectURL(file)
      previews.current.add(previewUrl)
      setSelected((current) => [...current, { id, previewUrl, state: 'preparing' }])
      prepareProofImage(file).then(
        (image) =>
          setSelected((current) => current.map((item) => (item.id === id ? { ...item, state: 'ready', image } : item))),
        (error: unknown) => {
          if (!(error instanceof UnreadableImageError)) console.error(error)
          setSelected((current) => current.map((item) => (item.id === id ? { ...item, state: 'unreadable' } : item)))
        },
      )
    }
  }

  /** Selects pictures made small before instead of those selected (a message taken back to edit). */
  function replaceWith(images: PreparedProofImage[]) {
    for (const item of selected) release(item)
    setSelected(
      images.slice(0, capacity).map((image) => {
        const previewUrl = URL.createObjectURL(new Blob([image.bytes], { type: image.contentType }))
        previews.current.add(previewUrl)
        return { id: crypto.randomUUID(), previewUrl, state: 'ready' as const, image }
      }),
    )
    setIsOverLimit(false)
  }

  /** Forgets every selected picture (they were queued). */
  function clear() {
    for (const item of selected) release(item)
    setSelected([])
    setIsOverLimit(false)
  }

  return {
    selected,
    isOverLimit,
    isPreparing: selected.some((item) => item.state === 'preparing'),
    hasUnreadable: selected.some((item) => item.state === 'unreadable'),
    readyImages: selected.flatMap((item) => (item.image ? [item.image] : [])),
    pick,
    add,
    remove,
    replaceWith,
    clear,
  }
}
