import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { NotificationReadRequest } from '#domain/contracts/notifications'
import { markNotificationsRead, notificationListQueryOptions } from './api/get-notifications'
import { markReadInList } from './notification-list-state'

/**
 * Marks notifications read: at once in the cached list (the dot and the bell's count go with the
 * tap, also while the tap navigates away), then on the server, then the list is asked again.
 */
export function useMarkNotificationsRead(buyerId: string) {
  const queryClient = useQueryClient()
  const { queryKey } = notificationListQueryOptions(buyerId)
  return useMutation({
    mutationFn: (which: NotificationReadRequest) => markNotificationsRead(buyerId, which),
    onMutate: async (which) => {
      // A refetch already under way would bring the old marks back over these.
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)
      queryClient.setQueryData(queryKey, (current) => markReadInList(current, which, new Date().toISOString()))
      return { previous }
    },
    onError: (_error, _which, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(queryKey, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  })
}
