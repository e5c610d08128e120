/**
 * Public face of the knowledge feature (decision 042): other features and app/ import only this file.
 * The workspace's documents: upload, list, search and the document viewer (/documents, /documents/:id).
 * Chat cites passages with its helpers; the dashboard reads the document list.
 */
export { useDocuments } from './api/documents';
export { HitReasons, MarkedSnippet } from './components/hit-explanation';
export { linkCitations, passageLabel, sourceHref } from './lib/passages';
