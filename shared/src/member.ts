// The shared singleton's second entry: the API clients of what signed-in members do (profiles, projects, payments,
// notifications, settings, chat) and the contracts only they and their screens use. Shared like the root entry,
// one instance per page, but only pages that use one of them download it: the public pages need the root alone.
// These modules reach the root entry's state (the HTTP client, the auth store) through '@sciexperts/shared', the
// shared instance, never by a relative import, which would bundle a second copy of it.
export * from './contracts/projects';
export * from './contracts/payments';
export * from './contracts/notifications';
export * from './contracts/accountSettings';
// The operators' console (mf-admin) loads this entry too: its contract and types.
export * from './contracts/admin';
export * from './contracts/blocks';
export { userApi } from './api/userApi';
export { workExperienceApi, educationApi, certificationApi, type RecordsClient } from './api/recordsApi';
export { publicationsApi, orcidAuthorizeUrl, type OrcidSettings } from './api/publicationsApi';
export { projectsApi, type ProjectsApi } from './api/projectsApi';
export { paymentsApi, type PaymentsApi } from './api/paymentsApi';
export { notificationsApi, type NotificationsApi } from './api/notificationsApi';
export { accountSettingsApi } from './api/accountSettingsApi';
export { callsApi, type CallsApi } from './api/callsApi';
export { blocksApi } from './api/blocksApi';
export { vettingApi } from './api/vettingApi';
export { chatApi, createChatApi, type ChatApi, type ChatApiTarget, type MessagePageQuery } from './api/chatApi';
export { unreadCountStore, refreshUnreadCount, announceUnreadChange, watchUnreadCount, UNREAD_POLL_MS, type UnreadCountState } from './chat/unreadCountStore';
export { useUnreadMessageCount } from './chat/useUnreadMessageCount';
// Partner apps: the member's connected partners (Account settings) and the console's Partners page.
export * from './contracts/partners';
export { partnersApi } from './api/partnersApi';
