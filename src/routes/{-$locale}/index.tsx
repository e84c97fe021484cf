import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/{-$locale}/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/{-$locale}/home', params: { locale: params.locale }, replace: true })
  },
})
