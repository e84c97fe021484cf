import { createFileRoute } from '@tanstack/react-router'
import { BanScreen } from '../../features/access/components/ban-screen'

export const Route = createFileRoute('/{-$locale}/ban')({
  component: BanScreen,
})
