// @sciexperts/ui: the accessible primitives the shell and the remotes share. Design tokens: '@sciexperts/ui/tokens.css'.
export { Modal, type ModalProps } from './dialog/Modal';
export { ConfirmDialog, type ConfirmDialogProps, type ConfirmDialogClassNames } from './dialog/ConfirmDialog';
export { focusableIn } from './dialog/focusable';
export { useTabs, tabIndexForKey, tabIdOf, panelIdOf, type UseTabsOptions, type TabKey } from './tabs/useTabs';
export { MenuButton, type MenuButtonProps, type MenuButtonClassNames, type MenuItem } from './menu/MenuButton';
export { LiveMessage, type LiveMessageProps } from './live/LiveMessage';
export { VisuallyHidden, visuallyHidden } from './a11y/VisuallyHidden';
export { FieldError, fieldErrorProps, errorIdOf } from './field/fieldError';
export { useEarlyInput, type EarlyInputElement } from './field/useEarlyInput';
export { PageMeta, SITE_NAME, absoluteUrl, serialiseJsonLd, siteOrigin, type PageMetaProps, type StructuredData } from './head/PageMeta';
export { formatPublicationDate, formatWorkType, safeWorkUrl, type PartialDate, type PublicationDateText } from './format/publicationFormat';
export { RatingSummary, Stars, type RatingSummaryProps } from './rating/Rating';
export { ReviewList, type ReviewListProps } from './rating/ReviewList';
export { useReviewPages, type ReviewPagesState } from './rating/useReviewPages';
export { saveBlob } from './file/saveBlob';
export { ReportDialog, type ReportDialogProps } from './report/ReportDialog';
export { ReportButton, type ReportButtonProps } from './report/ReportButton';
export { VerifiedBadge } from './badge/VerifiedBadge';
