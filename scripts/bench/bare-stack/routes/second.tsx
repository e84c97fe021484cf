import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/second')({
  component: () => (
    <main>
      <h1>
        <Trans>ร้านค้าพาร์ทเนอร์</Trans>
      </h1>
    </main>
  ),
})
