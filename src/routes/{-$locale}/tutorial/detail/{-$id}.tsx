import { createFileRoute, notFound } from '@tanstack/react-router'
import { findTutorial } from '#domain/help/tutorials'
import {
  TutorialDetailScreen,
  TutorialNotFoundScreen,
} from '../../../../features/help/components/tutorial-detail-screen'

/** Spec: `/tutorial/detail/{id?}`; without an id, the first tutorial. */
export const Route = createFileRoute('/{-$locale}/tutorial/detail/{-$id}')({
  loader: ({ params }) => {
    const tutorial = findTutorial(params.id)
    if (tutorial === undefined) throw notFound()
    return tutorial
  },
  notFoundComponent: TutorialNotFoundScreen,
  component: TutorialDetailRoute,
})

function TutorialDetailRoute() {
  const tutorial = Route.useLoaderData()
  return <TutorialDetailScreen tutorial={tutorial} />
}
