import { CalendarDays } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { type MailStatus, useIngestIcs } from '../api/mail';

/** Import ICS: a calendar file (.ics / .ical) or a calendar link (Google, Apple, Outlook). */
export function MailCalendarImport({ status }: { status: MailStatus }) {
  const ingest = useIngestIcs();
  const [url, setUrl] = useState('');
  const done = (r: { events: number; occurrences: number; calendar: string | null }) =>
    toast.success('Calendar imported', {
      description: `${r.calendar ?? 'Calendar'}: ${r.events} events (${r.occurrences} dates).`,
    });
  const failed = (err: Error) => toast.error('Calendar import failed', { description: err.message, duration: 10_000 });
  const submitUrl = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return;
    ingest.mutate({ icsUrl: url.trim() }, { onSuccess: done, onError: failed });
  };
  return (
    <Card data-testid="mail-calendar-card">
      <CardHeader className="flex flex-row items-start gap-3">
        <CalendarDays aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div>
          <CardTitle>Calendar (ICS)</CardTitle>
          <CardDescription>
            {status.calendar.connected
              ? `${status.calendar.events} calendar entries known to your assistant.`
              : 'Import a calendar so your assistant knows upcoming events and availability.'}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <Label className="flex flex-col items-start gap-2">
          <span>Import ICS file</span>
          <Input
            type="file"
            accept=".ics,.ical,text/calendar"
            disabled={ingest.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) ingest.mutate({ file }, { onSuccess: done, onError: failed });
              e.target.value = '';
            }}
          />
        </Label>
        <form className="flex gap-2" onSubmit={submitUrl}>
          <Input
            aria-label="Calendar link"
            placeholder="https://calendar.example.com/basic.ics"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Button size="sm" type="submit" disabled={ingest.isPending || !url.trim()}>
            {ingest.isPending ? 'Importing...' : 'Import ICS'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
