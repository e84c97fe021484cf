import { createFileRoute } from '@tanstack/react-router'
import { HowtoScreen } from '../../features/help/components/howto-screen'

export const Route = createFileRoute('/{-$locale}/howto')({
  component: HowtoScreen,
})
