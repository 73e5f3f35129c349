// The browser entry of the shared singleton: contracts, API clients and stores. No React screens.
export * from './contracts';
export * from './config/runtimeConfig';
export * from './auth/authStore';
export { useAuth } from './auth/useAuth';
export { isIdentityReturn } from './auth/identityReturn';
export { logOut, setIdentitySignOut } from './auth/logOut';
export * from './ui/loginModalStore';
export { ApiError, apiUrl, isUnreachable, request, toApiError, SESSION_EXPIRED_MESSAGE } from './api/http';
export { accountApi } from './api/accountApi';
export { userApi } from './api/userApi';
export { workExperienceApi, educationApi, certificationApi, type RecordsClient } from './api/recordsApi';
export { publicationsApi, orcidAuthorizeUrl, ORCID_SYNC_FAILED, PUBLICATIONS_LOAD_FAILED, type OrcidSettings } from './api/publicationsApi';
export { projectsApi, type ProjectsApi } from './api/projectsApi';
export { paymentsApi, type PaymentsApi } from './api/paymentsApi';
export { notificationsApi, type NotificationsApi } from './api/notificationsApi';
export { chatApi, createChatApi, type ChatApi, type ChatApiTarget, type MessagePageQuery } from './api/chatApi';
export { unreadCountStore, refreshUnreadCount, announceUnreadChange, watchUnreadCount, UNREAD_POLL_MS, type UnreadCountState } from './chat/unreadCountStore';
export { useUnreadMessageCount } from './chat/useUnreadMessageCount';
