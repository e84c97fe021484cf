import { createFileRoute } from '@tanstack/react-router'
import { TutorialListScreen } from '../../../features/help/components/tutorial-list-screen'

export const Route = createFileRoute('/{-$locale}/tutorial/')({
  component: TutorialListScreen,
})
