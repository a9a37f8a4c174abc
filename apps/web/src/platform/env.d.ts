// Build-time settings of the web and native builds (README "Native app").
interface ImportMetaEnv {
  /** Native builds: the API's absolute origin, e.g. https://mnemo.example (no trailing slash). */
  readonly VITE_API_ORIGIN?: string;
  /** Native production builds: the store apps' AdMob banner unit ids. */
  readonly VITE_ADMOB_BANNER_IOS?: string;
  readonly VITE_ADMOB_BANNER_ANDROID?: string;
}
