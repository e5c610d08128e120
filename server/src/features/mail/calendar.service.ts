import { type IngestIcsResult, MAIL_LIMITS } from '@helixis/contract';
import ICAL from 'ical.js';
import type { WorkspaceContext } from '../../platform/context';
import { AppError, isAppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { safeFetch } from '../../platform/safe-fetch';
import { ingestText } from '../knowledge';
import * as repo from './mail.repo';

/**
 * ICS import (ingest-ics): parses a calendar with ical.js, expands recurring events
 * for a bounded window, stores the occurrences and hands a readable list of upcoming events to the
 * knowledge base so the assistant can answer "when is the next inspection?".
 */

export interface ParsedOccurrence {
  uid: string;
  summary: string;
  location: string | null;
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  recurring: boolean;
}

export interface ParsedCalendar {
  name: string | null;
  events: number;
  occurrences: ParsedOccurrence[];
}

const DAY_MS = 86_400_000;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Pure parsing; `now` fixes the expansion window (30 days back, MAIL_LIMITS.icsExpandDays ahead). */
export function parseCalendar(source: string, now = new Date()): ParsedCalendar {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(source));
  } catch (err) {
    throw new AppError('calendar_unreadable', { cause: err });
  }
  if (root.name !== 'vcalendar') throw new AppError('calendar_unreadable');
  const windowStart = now.getTime() - 30 * DAY_MS;
  const windowEnd = now.getTime() + MAIL_LIMITS.icsExpandDays * DAY_MS;

  // VTIMEZONEs must be known before times are converted; the registry is global, so register,
  // expand and remove without yielding in between.
  const registered: string[] = [];
  for (const tz of root.getAllSubcomponents('vtimezone')) {
    const tzid = text(tz.getFirstPropertyValue('tzid'));
    if (tzid && !ICAL.TimezoneService.has(tzid)) {
      ICAL.TimezoneService.register(tz);
      registered.push(tzid);
    }
  }
  try {
    const masters = new Map<string, InstanceType<typeof ICAL.Event>>();
    const exceptions: InstanceType<typeof ICAL.Event>[] = [];
    for (const vevent of root.getAllSubcomponents('vevent')) {
      const event = new ICAL.Event(vevent);
      if (!event.uid || !event.startDate) continue;
      if (event.isRecurrenceException()) exceptions.push(event);
      else masters.set(event.uid, event);
    }
    for (const exception of exceptions) masters.get(exception.uid)?.relateException(exception);

    const occurrences: ParsedOccurrence[] = [];
    const push = (o: ParsedOccurrence) => {
      if (occurrences.length < MAIL_LIMITS.icsMaxOccurrences) occurrences.push(o);
    };
    for (const event of masters.values()) {
      const base = {
        uid: event.uid,
        summary: text(event.summary) || '(no title)',
        location: text(event.location) || null,
      };
      if (!event.isRecurring()) {
        push({
          ...base,
          startsAt: event.startDate.toJSDate(),
          endsAt: event.endDate ? event.endDate.toJSDate() : null,
          allDay: event.startDate.isDate,
          recurring: false,
        });
        continue;
      }
      const iterator = event.iterator();
      for (let guard = 0; guard < 10_000; guard++) {
        const next = iterator.next();
        if (!next) break;
        const at = next.toJSDate().getTime();
        if (at > windowEnd) break;
        if (at < windowStart) continue;
        const details = event.getOccurrenceDetails(next);
        push({
          uid: event.uid,
          summary: text(details.item.summary) || base.summary,
          location: text(details.item.location) || base.location,
          startsAt: details.startDate.toJSDate(),
          endsAt: details.endDate ? details.endDate.toJSDate() : null,
          allDay: details.startDate.isDate,
          recurring: true,
        });
      }
    }
    occurrences.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const name = text(root.getFirstPropertyValue('x-wr-calname')) || null;
    return { name, events: masters.size, occurrences };
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
}

function describe(o: ParsedOccurrence): string {
  const when = o.allDay
    ? o.startsAt.toISOString().slice(0, 10)
    : `${o.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `- ${when}: ${o.summary}${o.location ? ` (at ${o.location})` : ''}${o.recurring ? ' [recurring]' : ''}`;
}

export async function fetchIcs(ctx: WorkspaceContext, rawUrl: string): Promise<string> {
  const url = rawUrl.replace(/^webcals?:\/\//i, 'https://');
  const response = await safeFetch(ctx.deps.config, url, {
    maxBytes: MAIL_LIMITS.icsMaxBytes,
    headers: { accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5' },
  });
  if (response.status !== 200) {
    throw new AppError('url_fetch_failed', {
      userMessage: `The calendar address answered with status ${response.status}. Please check the link.`,
    });
  }
  return response.body.toString('utf8');
}

/** Stores a calendar for the workspace: events replaced by UID, import recorded, knowledge fed. */
export async function importCalendar(
  ctx: WorkspaceContext,
  input: { sourceType: 'file' | 'url'; sourceName: string | null; load: () => Promise<string> },
): Promise<IngestIcsResult> {
  const ws = ctx.workspace.id;
  const run = await ctx.tenant((tx) =>
    repo.startImport(tx, ws, { sourceType: input.sourceType, sourceName: input.sourceName }),
  );
  let parsed: ParsedCalendar;
  try {
    parsed = parseCalendar(await input.load());
  } catch (err) {
    const message = isAppError(err) ? err.userMessage : 'The calendar could not be imported.';
    await ctx.tenant((tx) =>
      repo.finishImport(tx, ws, run.id, { status: 'failed', error: message, events: 0, calendarName: null }),
    );
    throw err;
  }
  await ctx.tenant(async (tx) => {
    await repo.replaceEvents(
      tx,
      ws,
      run.id,
      parsed.occurrences.map((o) => ({
        uid: o.uid,
        summary: o.summary.slice(0, 500),
        location: o.location?.slice(0, 500) ?? null,
        startsAt: o.startsAt.toISOString(),
        endsAt: o.endsAt?.toISOString() ?? null,
        allDay: o.allDay,
        recurring: o.recurring,
      })),
    );
    await repo.finishImport(tx, ws, run.id, {
      status: 'completed',
      error: null,
      events: parsed.events,
      calendarName: parsed.name,
    });
  });
  let documentId: string | null = null;
  const upcoming = parsed.occurrences.filter((o) => o.startsAt.getTime() >= Date.now() - DAY_MS).slice(0, 200);
  if (upcoming.length > 0) {
    const title = `Calendar: ${parsed.name ?? input.sourceName ?? 'imported calendar'}`;
    const body = [
      `${title} — upcoming events and availability (imported ${new Date().toISOString().slice(0, 10)}).`,
      ...upcoming.map(describe),
    ].join('\n');
    const doc = await ingestText(ctx, { title, text: body, source: 'calendar' });
    documentId = doc.document_id;
  }
  ctx.log.info({ events: parsed.events, occurrences: parsed.occurrences.length }, 'calendar imported');
  return {
    ok: true,
    calendar: parsed.name,
    events: parsed.events,
    occurrences: parsed.occurrences.length,
    document_id: documentId,
  };
}

export const listCalendarEvents: EndpointHandler<'listCalendarEvents'> = async ({ ctx, input }) => {
  const from = input.from ? new Date(input.from).toISOString() : new Date(Date.now() - DAY_MS).toISOString();
  const rows = await ctx.tenant((tx) => repo.listEvents(tx, ctx.workspace.id, from, input.limit));
  return {
    events: rows.map((r) => ({
      id: r.id,
      uid: r.uid,
      summary: r.summary,
      location: r.location,
      starts_at: new Date(r.startsAt).toISOString(),
      ends_at: r.endsAt ? new Date(r.endsAt).toISOString() : null,
      all_day: r.allDay,
      recurring: r.recurring,
    })),
  };
};
