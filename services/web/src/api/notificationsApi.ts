import type {
  Channel,
  ChannelCreateBody,
  ChannelTestResult,
  ChannelUpdateBody,
  NotificationSettings,
  PushSubscriptionBody,
  ScheduledReminder,
} from '@daybook/shared';
import { baseApi } from './baseApi';

/**
 * Reminders and notifications (DECISIONS 29): the user's defaults and digest, the channels reminders go
 * to (this browser's push subscription among them), and a task's scheduled reminders.
 */
export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => 'notifications/settings',
      providesTags: ['NotificationSettings'],
    }),
    /** The settings show the choice at once; they go back when the api refuses it. */
    updateNotificationSettings: build.mutation<NotificationSettings, NotificationSettings>({
      query: (body) => ({ url: 'notifications/settings', method: 'PUT', body }),
      async onQueryStarted(settings, { dispatch, queryFulfilled }) {
        const patch = dispatch(notificationsApi.util.updateQueryData('getNotificationSettings', undefined, () => settings));
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getNotificationSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),

    getChannels: build.query<Channel[], void>({
      query: () => 'notifications/channels',
      providesTags: ['Channel'],
    }),
    createChannel: build.mutation<Channel, ChannelCreateBody>({
      query: (body) => ({ url: 'notifications/channels', method: 'POST', body }),
      invalidatesTags: (_channel, error) => (error ? [] : ['Channel']),
    }),
    /** A switch answers at once (optimistic); the list is read again afterwards either way. */
    updateChannel: build.mutation<Channel, { id: string; changes: ChannelUpdateBody }>({
      query: ({ id, changes }) => ({ url: `notifications/channels/${id}`, method: 'PATCH', body: changes }),
      async onQueryStarted({ id, changes }, { dispatch, queryFulfilled }) {
        const { paused: _paused, ...shown } = changes;
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getChannels', undefined, (channels) => {
            const channel = channels.find((candidate) => candidate.id === id);
            if (channel) Object.assign(channel, shown);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['Channel'],
    }),
    deleteChannel: build.mutation<void, string>({
      query: (id) => ({ url: `notifications/channels/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Channel']),
    }),
    /** A test message; its outcome changes the channel's status (a delivered test resumes a paused channel). */
    testChannel: build.mutation<ChannelTestResult, string>({
      query: (id) => ({ url: `notifications/channels/${id}/test`, method: 'POST', body: {} }),
      invalidatesTags: (_result, error) => (error ? [] : ['Channel']),
    }),

    /** The server's VAPID public key, for `pushManager.subscribe`. */
    getPushKey: build.query<{ publicKey: string }, void>({
      query: () => 'notifications/push/key',
    }),
    /** This browser's push subscription becomes (or updates) a channel. */
    subscribePush: build.mutation<Channel, PushSubscriptionBody>({
      query: (body) => ({ url: 'notifications/push-subscriptions', method: 'POST', body }),
      invalidatesTags: (_channel, error) => (error ? [] : ['Channel']),
    }),
    unsubscribePush: build.mutation<void, { endpoint: string }>({
      query: ({ endpoint }) => ({ url: `notifications/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Channel']),
    }),

    /** A task's scheduled reminders with their state; every task write reads them again (tasksApi). */
    getTaskReminders: build.query<ScheduledReminder[], string>({
      query: (taskId) => `tasks/${taskId}/reminders`,
      providesTags: (_reminders, _error, taskId) => [{ type: 'TaskReminders', id: taskId }],
    }),
    snoozeTask: build.mutation<ScheduledReminder, { taskId: string; minutes?: number }>({
      query: ({ taskId, minutes }) => ({ url: `tasks/${taskId}/snooze`, method: 'POST', body: minutes === undefined ? {} : { minutes } }),
      invalidatesTags: (_reminder, error, { taskId }) => (error ? [] : [{ type: 'TaskReminders', id: taskId }]),
    }),
  }),
});

export const {
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useGetChannelsQuery,
  useCreateChannelMutation,
  useUpdateChannelMutation,
  useDeleteChannelMutation,
  useTestChannelMutation,
  useLazyGetPushKeyQuery,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
  useGetTaskRemindersQuery,
  useSnoozeTaskMutation,
} = notificationsApi;
