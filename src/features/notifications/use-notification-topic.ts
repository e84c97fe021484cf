import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { NotificationTopic } from '#domain/notifications/notification-rules'
import { notificationSettingsQueryOptions, updateNotificationTopics } from './api/notification-settings'
import { rollbackTopic, topicUpdate, withTopic } from './notification-settings-state'

/**
 * Switches one topic: the switch moves at the tap, the server is told that topic alone, and a
 * failure puts that topic back (topics switched meanwhile keep their own state).
 */
export function useNotificationTopic(buyerId: string, topic: NotificationTopic) {
  const queryClient = useQueryClient()
  const { queryKey } = notificationSettingsQueryOptions(buyerId)
  // Shared by every topic's switch: the last answer to arrive is the one written to the cache.
  const mutationKey = [...queryKey, 'topics']
  const isLastPending = () => queryClient.isMutating({ mutationKey }) === 1
  return useMutation({
    mutationKey,
    mutationFn: (isOn: boolean) => updateNotificationTopics(buyerId, topicUpdate(topic, isOn)),
    onMutate: async (isOn) => {
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)?.topics[topic]
      queryClient.setQueryData(queryKey, (current) => withTopic(current, topic, isOn))
      return { previous }
    },
    onSuccess: (settings) => {
      // An earlier answer does not know of a switch still on its way.
      if (isLastPending()) queryClient.setQueryData(queryKey, settings)
    },
    onError: async (_error, isOn, context) => {
      const previous = context?.previous
      if (previous !== undefined) {
        queryClient.setQueryData(queryKey, (current) => rollbackTopic(current, topic, isOn, previous))
      }
      // The request may have arrived even though its answer did not.
      if (isLastPending()) await queryClient.invalidateQueries({ queryKey })
    },
  })
}
