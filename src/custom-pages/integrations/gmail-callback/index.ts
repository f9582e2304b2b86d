import { lazy } from 'react';

/**
 * Where Google sends the user back after the consent page of a Gmail connector (spec
 * platform-shell §6, pipeline §4): signed in, outside any environment, since the address is one
 * for every connector (an OAuth client's authorised redirect URI). Its path is GMAIL_CALLBACK_PATH
 * (custom-pages/environment/integrations/connectorDraft.ts), relative here.
 */
export const Page = lazy(() =>
  import('./GmailCallbackPage').then((module) => ({ default: module.GmailCallbackPage })),
);
export const path = 'integrations/gmail/callback';
export const title = 'app.routes.gmailCallback';
