import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useState } from 'react'
import { newActionKey } from './console-api'
import { useConsoleErrorMessage } from './use-console-error-message'

/**
 * One operator action at a time: busy while it runs, its error in the operator's words, or the
 * `done` notice once it went through. Each click is a new action with its own `Idempotency-Key`.
 * `showError` shows a mistake the screen catches itself (an empty field) in the same place.
 * `refreshes`: the queries to load again
 * after every action, done or refused (another operator may have changed the record meanwhile).
 */
export function useConsoleAction(options: { refreshes?: QueryKey } = {}) {
  const { refreshes } = options
  const queryClient = useQueryClient()
  const errorMessage = useConsoleErrorMessage()
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [isBusy, setIsBusy] = useState(false)
  async function run(action: (actionKey: string) => Promise<unknown>, done?: string): Promise<boolean> {
    setError(undefined)
    setNotice(undefined)
    setIsBusy(true)
    try {
      try {
        await action(newActionKey())
      } finally {
        if (refreshes !== undefined) await queryClient.invalidateQueries({ queryKey: refreshes })
      }
      setNotice(done)
      return true
    } catch (caught) {
      setError(errorMessage(caught))
      return false
    } finally {
      setIsBusy(false)
    }
  }
  function showError(message: string) {
    setNotice(undefined)
    setError(message)
  }
  return { error, notice, isBusy, run, showError }
}
