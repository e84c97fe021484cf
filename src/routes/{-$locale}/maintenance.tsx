import { createFileRoute } from '@tanstack/react-router'
import { MaintenanceScreen } from '../../features/app-status/components/maintenance-screen'

export const Route = createFileRoute('/{-$locale}/maintenance')({
  component: MaintenanceScreen,
})
