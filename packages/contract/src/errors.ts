/** Texts of the one input rule every request passes (server/src/platform/input-rules.ts). */
export const inputRuleMessages = {
  badText: (field: string) =>
    `The text in "${field || 'the request'}" contains a character that is not allowed (a NUL byte or a broken Unicode character). Please remove it and try again.`,
  invalidUtf8: 'The request body is not valid UTF-8 text.',
  registeredOnly: 'Create an account with your e-mail address to do this.',
} as const;

/**
 * One catalogue of error codes and the user-facing texts.
 * The server answers `{ error: { code, message } }` with these; the web shows them as they are.
 */
export const errorCatalogue = {
  validation_failed: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  not_authenticated: { status: 401, message: 'Please sign in again to continue' },
  authentication_invalid: { status: 401, message: 'Authentication error - please sign in again' },
  session_not_found: { status: 401, message: 'Your session has ended. Please sign in again.' },
  permission_denied: { status: 403, message: 'You do not have permission to do this.' },
  insufficient_role: { status: 403, message: 'Manager access required' },
  not_found: { status: 404, message: 'Not found.' },
  route_not_found: { status: 404, message: 'Oops! Page not found' },
  conflict: { status: 409, message: 'This was changed by someone else. Please reload.' },
  rate_limited: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  invalid_id: { status: 400, message: 'Invalid ID.' },
  demo_limit_reached: {
    status: 429,
    message: 'The demo answers 2 messages. Sign up to keep chatting and teach Helixis about your business.',
  },
  workspace_create_failed: { status: 500, message: 'Failed to create workspace: ' },
  workspace_missing: { status: 500, message: 'Your workspace is missing or corrupted...' },
  upstream_unavailable: { status: 502, message: 'A connected service did not answer. Please try again.' },
  url_not_allowed: { status: 400, message: 'This address cannot be fetched.' },
  url_fetch_failed: { status: 502, message: 'The address could not be reached. Please check it and try again.' },
  url_too_large: { status: 413, message: 'The content at this address is too large to fetch.' },
  url_timeout: { status: 504, message: 'The address took too long to answer. Please try again later.' },
  secret_unreadable: {
    status: 500,
    message: 'A stored credential could not be read. Please reconnect the service and try again.',
  },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable. Please try again.' },
  llm_failed: { status: 502, message: "I'm sorry, I encountered an error. Please try again." },
  llm_not_configured: {
    status: 503,
    message:
      'No model endpoint is configured. Set HELIXIS_LLM_BASE_URL and HELIXIS_LLM_MODEL, or use the offline assistant.',
  },
  test_assistant_missing: { status: 409, message: 'Create the test assistant on the Test Assistant page first.' },
  question_set_empty: { status: 409, message: 'Save at least one question before running the comparison.' },
  apply_blocked: {
    status: 409,
    message: 'Some answers lost a citation or changed facts on the test copy. Review them and confirm to apply.',
  },
  apply_check_stale: { status: 409, message: 'The assistants changed since the check ran. Run the check again.' },
  fact_conflict_not_found: { status: 404, message: 'This disagreement was not found or is already settled.' },
  task_not_found: { status: 404, message: 'Task not found.' },
  automation_not_found: { status: 404, message: 'Automation not found.' },
  draft_not_found: { status: 404, message: 'This draft was not found.' },
  draft_already_decided: { status: 409, message: 'This draft was already decided.' },
  compliance_ack_required: {
    status: 409,
    message: 'This draft has compliance findings. Read them and confirm you want to send it anyway.',
  },
  thread_not_found: { status: 404, message: 'Chat not found.' },
  assistant_not_found: { status: 404, message: 'No assistant found' },
  unknown_error: { status: 500, message: 'An unexpected error occurred. Please try again.' },
  /** Integrations settings page code MISSING_FIELDS. */
  missing_fields: { status: 400, message: 'Both Client ID and Secret are required' },
  // Knowledge: uploads and ingestion.
  unsupported_file_type: {
    status: 400,
    message: 'This file type is not supported. Please upload a PDF, Word, text, Markdown, CSV or Excel file.',
  },
  images_not_supported: {
    status: 400,
    message: 'Images are not supported yet. Please upload a PDF, Word, text, Markdown, CSV or Excel file.',
  },
  file_too_large: { status: 413, message: 'This file is too large. The largest file you can upload is 20 MB.' },
  file_unreadable: {
    status: 400,
    message: 'This file could not be read. It may be damaged, empty or password-protected.',
  },
  knowledge_quota_exceeded: {
    status: 403,
    message: 'Your workspace has reached its document limit. Delete some documents and try again.',
  },
  // Business profile save codes.
  not_logged_in: { status: 401, message: 'Authentication required to save changes' },
  invalid_user_id: { status: 400, message: 'Authentication required to save changes' },
  invalid_workspace_id: { status: 400, message: 'Invalid workspace ID.' },
  profile_save_failed: { status: 500, message: 'Failed to save business profile' },
  // Mail and calendars.
  not_oauth_provider: { status: 400, message: 'Use API-key connect' },
  oauth_not_configured: { status: 503, message: 'Gmail OAuth not configured' },
  calendar_unreadable: {
    status: 400,
    message: 'This calendar file could not be read. Please check it is a valid .ics file.',
  },
  // Browser extension and desktop-assistant tokens.
  extension_token_invalid: {
    status: 401,
    message: 'This extension token is not valid. Connect the extension again from the Helixis app.',
  },
  extension_token_expired: {
    status: 401,
    message: 'This extension token has expired. Connect the extension again from the Helixis app.',
  },
  extension_token_revoked: {
    status: 401,
    message: 'This extension token was revoked. Connect the extension again from the Helixis app.',
  },
  extension_token_not_found: { status: 404, message: 'Token not found.' },
  // Team, account and platform administration (issue 11).
  invitation_not_found: { status: 404, message: 'This invitation link is not valid.' },
  invitation_expired: { status: 410, message: 'This invitation has expired. Ask for a new one.' },
  invitation_closed: { status: 410, message: 'This invitation was already used or revoked.' },
  invitation_wrong_email: { status: 403, message: 'This invitation was sent to another e-mail address.' },
  already_member: { status: 409, message: 'This person is already a member of the workspace.' },
  member_not_found: { status: 404, message: 'This person is not a member of the workspace.' },
  last_owner: { status: 409, message: 'A workspace needs at least one owner.' },
  role_not_allowed: { status: 403, message: 'Only an owner can grant, change or take away ownership.' },
  invalid_current_password: { status: 400, message: 'Your current password is not correct.' },
  confirmation_mismatch: { status: 400, message: 'Type DELETE to confirm.' },
  operator_only: { status: 403, message: 'Only a platform operator can delete accounts.' },
  // Business-app connectors.
  connector_unknown: { status: 404, message: 'Unknown connector.' },
  connector_coming_soon: { status: 409, message: 'This app is coming soon and cannot be connected yet.' },
  connector_not_connected: { status: 409, message: 'This app is not connected.' },
  connector_pii_field: { status: 400, message: 'PII fields cannot be enabled.' },
  connector_connect_failed: { status: 400, message: 'Connect failed' },
  // Final dashboard: Teach Your AI learning and the embeddable widget.
  no_sources_enabled: {
    status: 400,
    message: 'No sources enabled: Please enable at least one connected source to start learning.',
  },
  widget_not_found: { status: 404, message: 'This chat widget is no longer active.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}

/** Workspace setup texts. */
export const workspaceErrors = {
  title: 'Workspace Setup Failed',
  invalidUserId: 'Invalid user ID format - please sign in again',
  authError: 'Authentication error - please sign in again',
  membershipCheck: 'Failed to check workspace membership: ',
  fetchFailed: 'Failed to fetch workspace: ',
  signInAgain: 'Please sign in again to continue',
  createFailed: 'Failed to create workspace: ',
  rpcNoWorkspace: 'RPC returned no workspace - check function logs',
  missing: 'Your workspace is missing or corrupted...',
  /** A request named a workspace that is not the caller's (permission_denied, 403). */
  notYours: 'You do not have access to this workspace.',
  repairSuccess: 'Workspace repair completed successfully! Please refresh the page.',
  repairFailed: 'Workspace repair failed. Please contact support if the issue persists.',
} as const;

/** Sign-in and sign-up texts. */
export const authMessages = {
  serviceToUser: {
    'Invalid login credentials':
      "Email or password is incorrect. Please check your credentials or try signing up if you don't have an account.",
    'Email not confirmed': 'Please check your email and click the confirmation link before signing in.',
    'User already registered':
      'An account with this email already exists. Please sign in instead or use the password reset option.',
  } as Record<string, string>,
  unexpected: 'An unexpected error occurred. Please try again.',
  signInFailedTitle: 'Sign In Failed',
  signUpFailedTitle: 'Sign Up Failed',
  signedInTitle: 'Welcome back!',
  signedInBody: 'You have been signed in successfully.',
  signedUpTitle: 'Account Created!',
  signedUpBody: 'You have been signed in and can now continue.',
  checkEmail: 'Check your email!',
  recoveryFailed: 'Please sign in again.',
  passwordHint: 'Recommended: Use at least 8 characters',
  passwordPlaceholderSignUp: 'Password (min. 6 characters)',
} as const;

/** Maps a message from the auth service to the text the user sees. */
export function userMessageForAuthError(serviceMessage: string | undefined): string {
  if (!serviceMessage) return authMessages.unexpected;
  return authMessages.serviceToUser[serviceMessage] ?? authMessages.unexpected;
}

/** Text for an id that is not a UUID used for database work. */
export function invalidIdMessage(context: string, id: string): string {
  return `Invalid ID for ${context}: ${id}. Must be a valid UUID, not a local session ID.`;
}
