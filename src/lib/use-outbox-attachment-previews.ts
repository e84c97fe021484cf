import { useEffect, useState } from 'react'
import { getAppOutbox } from './outbox'

/** Object URLs of pictures waiting in the outbox (JPEG), read from it and released when no longer shown. */
export function useOutboxAttachmentPreviews(keys: string[]): string[] {
  const [urls, setUrls] = useState<string[]>([])
  const keyList = keys.join('|')
  useEffect(() => {
    let isCurrent = true
    const created: string[] = []
    const outbox = getAppOutbox()
    void Promise.all(
      keyList
        .split('|')
        .filter(Boolean)
        .map((key) => outbox.readAttachment(key)),
    ).then((buffers) => {
      if (!isCurrent) return
      for (const bytes of buffers)
        if (bytes) created.push(URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' })))
      setUrls(created)
    })
    return () => {
      isCurrent = false
      for (const url of created) URL.revokeObjectURL(url)
    }
  }, [keyList])
  return urls
}
