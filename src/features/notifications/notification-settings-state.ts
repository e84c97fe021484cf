import type { NotificationSettings, NotificationSettingsUpdate } from '#domain/contracts/notifications'
import type { NotificationTopic } from '#domain/notifications/notification-rules'

/** The PATCH body that changes one topic and leaves the others as the server has them. */
export function topicUpdate(topic: NotificationTopic, isOn: boolean): NotificationSettingsUpdate {
  const topics: NotificationSettingsUpdate['topics'] = {}
  topics[topic] = isOn
  return { topics }
}

/** The settings with one topic switched: what the screen shows while the server is asked. */
export function withTopic(
  settings: NotificationSettings | undefined,
  topic: NotificationTopic,
  isOn: boolean,
): NotificationSettings | undefined {
  if (settings === undefined) return undefined
  return { ...settings, topics: { ...settings.topics, [topic]: isOn } }
}

/**
 * Undoes a failed switch of one topic: back to `previous`, unless the topic no longer shows what
 * that switch set (a later answer already replaced it). Other topics, switched meanwhile, stay.
 */
export function rollbackTopic(
  settings: NotificationSettings | undefined,
  topic: NotificationTopic,
  attempted: boolean,
  previous: boolean,
): NotificationSettings | undefined {
  if (settings?.topics[topic] !== attempted) return settings
  return withTopic(settings, topic, previous)
}
