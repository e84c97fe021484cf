import { createFileRoute } from '@tanstack/react-router'
import { PageNotFoundScreen } from '../../components/screens/page-not-found-screen'

export const Route = createFileRoute('/{-$locale}/notfound')({
  component: PageNotFoundScreen,
})
