/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Host of the production console; analytics loads only there (spec platform-shell §2). */
  readonly VITE_ANALYTICS_PRODUCTION_HOST?: string;
  readonly VITE_ANALYTICS_API_HOST?: string;
  readonly VITE_ANALYTICS_KEY?: string;
  /** Base URL of the API; empty means the console's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
