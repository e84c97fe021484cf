import { createFileRoute } from '@tanstack/react-router'
import { UnauthorizedScreen } from '../../features/access/components/unauthorized-screen'

export const Route = createFileRoute('/{-$locale}/unauthorized')({
  component: UnauthorizedScreen,
})
