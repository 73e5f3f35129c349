// Run-time configuration the shell fetches at start, so moving a service is a config change, not a rebuild.

export interface RemoteRegistryEntry {
  /** The federation container name, e.g. 'mf_chat'. */
  name: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

export interface RemoteRegistry {
  remotes: RemoteRegistryEntry[];
}

export interface RuntimeConfig {
  /** The site's own origin (the shell's), for canonical URLs where there is no window: the shell's server sets it. */
  siteOrigin?: string;
  apiBaseUrl: string;
  socketUrl: string;
  /**
   * The chat remote's own origin, which serves the embed's script (`CHAT_EMBED.scriptPath`) and the developers' live
   * example to partner pages. Configured, not read from the registry: a visitor's registry may point the chat at a
   * release under the site's `/releases/`, while partners need the one stable address (npm start: the built remote's).
   */
  chatOrigin?: string;
  oidc: { authority: string; clientId: string; audience: string; scope: string } | null;
  orcid: {
    authorizeUrl: string;
    clientId: string;
    /** Where ORCID returns with ?code=…; must be registered with ORCID and match the API's ORCID_REDIRECT_URI. Default `<site>/profile`. */
    redirectUri?: string;
    /** ORCID scope to request; '/authenticate' (read the iD and public works). */
    scope?: string;
  } | null;
}
