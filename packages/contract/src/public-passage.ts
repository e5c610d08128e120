import { z } from 'zod';
import { DocumentPassage } from './knowledge';

// ── The public passage view (decision 040): where a website widget's source opens ───────────────

/**
 * GET /functions/v1/widget-document?workspace=hxw_…&document=<id>: one document the owner made public
 * for the widget, read by anyone who has the widget's public id (it is in the owner's page anyway).
 * A private, unfinished, other workspace's or unknown document answers 404 exactly like a missing one.
 */
export const WIDGET_DOCUMENT_PATH = '/functions/v1/widget-document';
/** Per client address: document reads per window (a visitor opens a few sources, not hundreds). */
export const WIDGET_DOCUMENT_IP_LIMIT = 60;
export const WIDGET_DOCUMENT_IP_WINDOW_SECONDS = 600;
/** What every refusal of the public view says: no hint whether the document exists or is private. */
export const PUBLIC_DOCUMENT_UNAVAILABLE = 'This page is not available.';

export const WidgetDocumentInput = z
  .object({
    workspace: z.string().min(8).max(64),
    // Checked for shape by the server, which answers a malformed id with the same 404 as an unknown one.
    document: z.string().min(1).max(64),
  })
  .strict();
export type WidgetDocumentInput = z.infer<typeof WidgetDocumentInput>;

/** A passage as a visitor reads it: its number, headings and text (no chunk ids or indexes). */
export const PublicPassage = DocumentPassage.pick({ number: true, heading_path: true, content: true });
export type PublicPassage = z.infer<typeof PublicPassage>;

/** What the public view shows: the business, the document's display title (never a file name), its text. */
export const WidgetDocument = z
  .object({
    /** The business's name; null while the workspace still has its sign-up default (made from an e-mail). */
    business_name: z.string().nullable(),
    title: z.string(),
    passages: z.array(PublicPassage),
  })
  .strict();
export type WidgetDocument = z.infer<typeof WidgetDocument>;

/** The web page of one public document, at a passage: what a widget source links to (on the Helixis origin). */
export const publicPassagePath = (widgetPublicId: string, documentId: string, passage: number): string =>
  `/p/${encodeURIComponent(widgetPublicId)}/documents/${encodeURIComponent(documentId)}#passage-${passage}`;
