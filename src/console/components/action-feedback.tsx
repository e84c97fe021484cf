import { FormAlert } from '../../components/ui/form-alert'

/** What came of the operator's last action on a page: its error, or what was done. */
export function ActionFeedback({ error, notice }: { error: string | undefined; notice: string | undefined }) {
  return (
    <>
      {error === undefined ? null : <FormAlert>{error}</FormAlert>}
      {notice === undefined ? null : (
        <p role="status" className="text-sm font-medium text-cashback-700">
          {notice}
        </p>
      )}
    </>
  )
}
