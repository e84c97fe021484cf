import { useEffect, useState } from 'react'

/**
 * A search box bound to a URL search param: what the shopper types is committed to the URL once
 * they pause (debounce), and a change of the URL from outside (the back button) resets the box.
 */
export function useSearchInput(urlValue: string, commit: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(urlValue)
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue)
  if (urlValue !== seenUrlValue) {
    setSeenUrlValue(urlValue)
    setText(urlValue)
  }

  useEffect(() => {
    const trimmed = text.trim()
    if (trimmed === urlValue) return
    const timer = setTimeout(() => commit(trimmed), delayMs)
    return () => clearTimeout(timer)
  }, [text, urlValue, commit, delayMs])

  return [text, setText] as const
}
