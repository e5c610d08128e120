// The mail feature's public face: what other features and the composition root may import (decision 037).
export { fetchIcs, importCalendar, listCalendarEvents } from './calendar.service';
export { type InboundMailServer, startInboundMail } from './inbound-smtp';
export { mailSyncJob, mailSyncMailboxJob } from './mail.jobs';
export { mailHandlers, registerMailRoutes } from './mail.routes';
export {
  emailIntake,
  findStoredMail,
  integrationsSummary,
  mailStatus,
  NO_MAILBOX_TO_SEND,
  sendFromMailbox,
} from './mail.service';
export { freshAccessToken, oauthDisconnect, oauthStart } from './oauth.service';
