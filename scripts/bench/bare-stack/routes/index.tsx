import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  component: () => (
    <main>
      <h1>
        <Trans>ช้อปแล้วได้เงินคืน</Trans>
      </h1>
    </main>
  ),
})
