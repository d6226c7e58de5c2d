/**
 * The spec's timings and limits (spec §9). Milliseconds unless the name says otherwise.
 */
export const SESSION_FETCH_TIMEOUT_MS = 8_000;
export const PROFILE_FETCH_TIMEOUT_MS = 5_000;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const SCHOOL_FETCH_TIMEOUT_MS = 8_000;
export const USERS_FETCH_TIMEOUT_MS = 15_000;
export const SCHOOL_CACHE_MS = 5 * 60_000;

export const INACTIVITY_WARNING_MS = 14 * 60_000;
export const INACTIVITY_SIGN_OUT_MS = 15 * 60_000;
export const MAINTENANCE_POLL_MS = 10_000;
export const RESET_SUCCESS_REDIRECT_MS = 3_000;
export const FORGOT_PASSWORD_CLOSE_MS = 3_000;
export const LOADING_SLOW_MS = 2_000;
export const LOADING_TOO_SLOW_MS = 6_000;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_ERROR_RETRIES = 3;
export const MOBILE_BREAKPOINT_PX = 768;

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';

export const TOAST_DURATION_MS = 4_000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Data cache (spec §7 Client behaviour of calls). */
export const QUERY_STALE_MS = 10 * 60_000;
export const QUERY_GC_MS = 15 * 60_000;

/** Sign-in failure window; the limits per account and per IP are server settings (LOGIN_*_LIMIT). */
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** Password-reset links stay valid for one hour. */
export const RESET_TOKEN_TTL_S = 3_600;

/** Theme and dashboard preference choices (spec §2 Settings, §9 Defaults). */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_VIEWS = ['dashboard', 'analytics', 'overview'] as const;
export type DefaultView = (typeof DEFAULT_VIEWS)[number];
