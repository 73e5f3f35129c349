// The public API of every remote, as types: each exposed module's id mapped to its props (components) or
// its exports (framework-free modules). The shell renders `<RemoteModule id=…>` through this map, so a change
// to a remote's props is a type error for whoever renders it, not a blank region at run time.
// Browser-free on purpose (the server imports this entry too): no React or DOM types here.

/** A component that takes no props. */
export type NoProps = Record<string, never>;

/** Props of `mf_chat/DirectMessage`; also the options of the integrators' `mf_chat/mount`. */
export interface DirectMessageProps {
  /** REST API address; default: the shared runtime config. */
  apiBaseUrl?: string;
  /** socket.io address; default: the shared runtime config. */
  socketUrl?: string;
  /** The member's token; default: the shared auth store. */
  token?: string;
  /**
   * The member's token as it is now, read at each call and each connection: an embedder that renews its token
   * (`@sciexperts/chat-embed`, every 14 minutes) passes this, and the chat keeps its state across a renewal (the
   * conversation, the message being typed) instead of starting again. Takes precedence over `token`.
   */
  getToken?: () => string | undefined;
  /** The member's id; default: the shared auth store. */
  userId?: number;
  /** Who to talk to; default: the `with` query parameter inside the product. */
  counterpartId?: number;
  /**
   * The token is a partner's, scoped to the chat (decision 0050): the actions that answer 403 to it (Report, Block,
   * Schedule a call) are not shown.
   */
  chatScoped?: boolean;
  /** What happens in the chat, for an embedding page (`@sciexperts/chat-embed` turns these into DOM events). */
  onEvent?: (event: ChatEvent) => void;
}

/** What a mounted chat tells its embedder. */
export type ChatEvent =
  /** A message from someone else arrived (`counterpartId`: the conversation's other member). */
  | { type: 'message'; counterpartId: number; senderId: number; at: string; text: string }
  /** Unread messages across the member's conversations, whenever the count changes. */
  | { type: 'unread'; count: number }
  /** The server closed the connection or refused it (the token ended: revoked, suspended, expired). */
  | { type: 'closed' };

export interface AuthModalProps {
  initialTab: 'login' | 'signup';
  onClose: () => void;
}

/** Props of `mf_auth/StepUpDialog`: "confirm it is you", shown while the shared step-up store says so. */
export interface StepUpDialogProps {
  /** true: the member confirmed (the waiting calls are sent again); false: cancelled. */
  onDone: (confirmed: boolean) => void;
}

/** Props of `mf_profile/CallPicker`: the slot picker the shell opens for any remote's 'Schedule a call' (ui/callPicker.ts). */
export interface CallPickerProps {
  expertId: number;
  onClose: () => void;
  /** The expert proposes up to three of their own free times to this member (from a conversation) instead of booking. */
  proposeTo?: number;
}

/** A page of the member area that has no content of its own yet (it shows a placeholder text). */
export interface PlaceholderPageProps {
  title: string;
  description: string;
}

/** Exposed React components (default export) by id, with their props. */
export interface ExposedComponentProps {
  'mf_marketing/HomePage': NoProps;
  'mf_marketing/HowItWorksPage': NoProps;
  'mf_marketing/JoinExpertPage': NoProps;
  // Pages that read their slug from the route (useParams), so they take no props.
  'mf_marketing/SolutionPage': NoProps;
  'mf_marketing/ServicePage': NoProps;
  'mf_marketing/ConciergePage': NoProps;
  'mf_marketing/BlogIndexPage': NoProps;
  'mf_marketing/BlogPostPage': NoProps;
  'mf_marketing/StoryPage': NoProps;
  'mf_marketing/FaqPage': NoProps;
  'mf_marketing/LegalPage': NoProps;
  'mf_marketing/DevelopersPage': NoProps;
  'mf_auth/AuthModal': AuthModalProps;
  'mf_auth/ResetPasswordPage': NoProps;
  'mf_auth/UnsubscribePage': NoProps;
  'mf_auth/ConfirmEmailPage': NoProps;
  'mf_auth/VerifyEmailPage': NoProps;
  'mf_auth/IdentityCallback': NoProps;
  'mf_auth/StepUpDialog': StepUpDialogProps;
  'mf_auth/SecurityLinkPage': NoProps;
  'mf_chat/DirectMessage': DirectMessageProps;
  'mf_profile/ProfileEditor': NoProps;
  'mf_profile/AccountSettingsPage': NoProps;
  'mf_profile/PlaceholderPage': PlaceholderPageProps;
  // Scheduled calls: the picker any remote opens through the shared call-picker store, and /profile/calls.
  'mf_profile/CallPicker': CallPickerProps;
  'mf_profile/CallsPage': NoProps;
  // The expert directory: the query, subject slug and expert id come from the URL.
  'mf_directory/SearchPage': NoProps;
  'mf_directory/SubjectPage': NoProps;
  'mf_directory/ExpertProfilePage': NoProps;
  // Projects and proposals: the project id, the filters and `?service=` come from the URL; member pages read the session.
  'mf_projects/ProjectsPage': NoProps;
  'mf_projects/ProjectPage': NoProps;
  'mf_projects/CreateProjectPage': NoProps;
  'mf_projects/MyProjectsPage': NoProps;
  'mf_projects/BrowseProjectsPage': NoProps;
  'mf_projects/ProposalsPage': NoProps;
  'mf_projects/FreelancerDashboard': NoProps;
  'mf_projects/OwnerDashboard': NoProps;
  // The money pages: the workspace list and one contract's workspace (/profile/workspace/<contractId>), payouts, billing.
  'mf_projects/WorkspacePage': NoProps;
  'mf_projects/PaymentDetailsPage': NoProps;
  'mf_projects/BillingPage': NoProps;
  // The operators' console (its own routes below /admin; operators sign in inside it).
  'mf_admin/AdminApp': NoProps;
}

export type ExposedComponentId = keyof ExposedComponentProps;
export type ExposedProps<Id extends ExposedComponentId> = ExposedComponentProps[Id];

/**
 * The DOM's `Element` where the DOM library is loaded (every browser slice), `never` where it is not (the server,
 * which never mounts anything): this file stays free of DOM types and the remotes still get the exact type.
 */
type DomElement = typeof globalThis extends { Element: { prototype: infer E } } ? E : never;

/** Renders the chat into `element` with its own React root; returns the function that removes it again. */
export type ChatMount = (element: DomElement, options?: DirectMessageProps) => () => void;

/** Framework-free exposes by id, with what they export. The remote's exposes file is typed against its entry. */
export interface ExposedModuleExports {
  'mf_auth/identitySession': {
    /** True when the provider's stored session was exchanged for a product session. */
    resumeIdentitySession: () => Promise<boolean>;
    endIdentitySession: () => Promise<void>;
  };
  /** For integrators' pages: `mount(element, options)`, and the `<sciexperts-chat>` custom element. */
  'mf_chat/mount': {
    default: ChatMount;
    mount: ChatMount;
    /** Defines `<sciexperts-chat>` (done once on load already); a no-op when the name is taken. */
    defineChatElement: (name?: string) => void;
    CHAT_ELEMENT_NAME: string;
  };
}

/**
 * A page of the member area (`/profile/*`) that a registry entry contributes:
 * `{ "name": "mf_x", "entry": "…/mf-manifest.json", "pages": [{ "path", "title", "navLabel", "module" }] }`.
 * `module` must be one of that remote's own exposes; the page gets no props.
 */
export interface MemberAreaPageEntry {
  /** Relative to /profile, e.g. 'reviews' or 'reviews/received'. */
  path: string;
  /** The header's title on that page. */
  title: string;
  /** The sidebar's link text; empty for a page that has no sidebar link. */
  navLabel: string;
  /** `remote/ExposedModule`, e.g. 'mf_reviews/ReviewsPage'. */
  module: string;
}

/**
 * What a remote's server build (`server/render.js` beside its `mf-manifest.json`) exports: its exposed page
 * components by expose key (`'./HomePage'`), for the shell's server to render public pages to HTML. The build
 * leaves the shared packages to the shell's server, which supplies its own instances when it loads the file.
 */
export interface RemoteServerBuild {
  modules: Record<string, unknown>;
}

/** The global a remote's server build reads its public path from while it is evaluated (its assets' origin). */
export const SERVER_PUBLIC_PATH_GLOBAL = '__SCIEXPERTS_SERVER_PUBLIC_PATH__';
