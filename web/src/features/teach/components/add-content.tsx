import { knowledgeMessages, teachMessages } from '@helixis/contract';
import { FileUp, Globe, NotebookPen } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ingestWebsite, uploadDocument, waitForDocument } from '../api/add-content';
import { useTeachText } from '../api/facts';

/** The dashboard teaching screen accepts these. */
const DASHBOARD_UPLOAD_ACCEPT = '.pdf,.doc,.docx,.txt,.md';

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : undefined);

function UploadSection() {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'processing'>('idle');

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhase('uploading');
    setProgress(0);
    try {
      const started = await uploadDocument(file, setProgress);
      setPhase('processing');
      const doc = await waitForDocument(started.document_id);
      if (doc.status === 'READY') {
        toast.success(teachMessages.documentUploaded, { description: knowledgeMessages.uploadedBody(doc.chunk_count) });
      } else {
        toast.error(teachMessages.uploadFailed, { description: doc.error ?? undefined });
      }
    } catch (err) {
      toast.error(teachMessages.uploadFailed, { description: messageOf(err) });
    } finally {
      setPhase('idle');
      setProgress(null);
    }
  };

  return (
    <section className="space-y-2">
      <h3 className="flex items-center gap-2 font-medium text-sm">
        <FileUp className="size-4" /> Upload a document
      </h3>
      <input
        ref={input}
        type="file"
        accept={DASHBOARD_UPLOAD_ACCEPT}
        className="hidden"
        onChange={onFile}
        aria-label="Document file"
        data-testid="upload-input"
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={phase !== 'idle'}>
        Choose file (.pdf, .doc, .docx, .txt, .md)
      </Button>
      {phase !== 'idle' ? (
        <div className="space-y-1">
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuenow={progress ?? 0}
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${progress ?? 0}%` }} />
          </div>
          <p className="text-muted-foreground text-xs">
            {phase === 'uploading' ? `Uploading… ${progress ?? 0}%` : 'Processing the document…'}
          </p>
        </div>
      ) : null}
    </section>
  );
}

function WebsiteSection() {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (!value) return;
    setBusy(true);
    try {
      const started = await ingestWebsite(value);
      const doc = await waitForDocument(started.document_id);
      if (doc.status === 'READY') {
        toast.success(teachMessages.websiteIngested, { description: doc.title });
        setUrl('');
      } else {
        toast.error(teachMessages.ingestionFailed, { description: doc.error ?? undefined });
      }
    } catch (err) {
      toast.error(teachMessages.ingestionFailed, { description: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor="teach-website" className="flex items-center gap-2">
        <Globe className="size-4" /> Website
      </Label>
      <div className="flex gap-2">
        <Input
          id="teach-website"
          type="url"
          placeholder="https://your-business.com"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" size="sm" className="h-10" disabled={busy || !url.trim()}>
          {busy ? 'Ingesting…' : 'Ingest'}
        </Button>
      </div>
    </form>
  );
}

function FreeTextSection() {
  const [text, setText] = useState('');
  const teach = useTeachText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      const result = await teach.mutateAsync({ text });
      toast.success(teachMessages.informationUpdated, {
        description: result.facts.length > 0 ? `Learned ${result.facts.length} facts` : undefined,
      });
      setText('');
    } catch {
      toast.error(teachMessages.informationFailed);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor="teach-text" className="flex items-center gap-2">
        <NotebookPen className="size-4" /> Free text
      </Label>
      <textarea
        id="teach-text"
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'Office hours: Mon-Fri 9am-5pm\nPet policy: Cats only, $300 deposit'}
        className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
      />
      <Button type="submit" size="sm" disabled={teach.isPending || !text.trim()}>
        {teach.isPending ? 'Saving…' : 'Teach'}
      </Button>
    </form>
  );
}

/** 'Add Content': upload, website and free text. */
export function AddContent() {
  return (
    <div className="space-y-5">
      <UploadSection />
      <WebsiteSection />
      <FreeTextSection />
    </div>
  );
}
