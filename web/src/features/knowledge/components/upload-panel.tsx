import { KNOWLEDGE_LIMITS, type KnowledgeDocument, knowledgeMessages } from '@helixis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, FileUp, Globe, UploadCloud } from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { queryKeys } from '../../../lib/query-keys';
import { cn } from '../../../lib/utils';
import { ingestWebsite, uploadDocument } from '../api/ingest';
import { DOCUMENT_ACCEPT, formatKb } from '../format';

interface Upload {
  key: string;
  name: string;
  size: number;
  progress: number;
  phase: 'uploading' | 'processing' | 'error';
  kind: 'file' | 'website';
  documentId?: string;
  error?: string;
}

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');

function ProgressBar({ upload }: { upload: Upload }) {
  const label = `Upload progress for ${upload.name}`;
  return (
    <div
      className="h-2 overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={upload.progress}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-200',
          upload.phase === 'error' ? 'bg-destructive' : 'bg-primary',
          upload.phase === 'processing' && 'animate-pulse',
        )}
        style={{ width: `${upload.progress}%` }}
      />
    </div>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  const text =
    upload.phase === 'uploading'
      ? `Uploading… ${upload.progress}%`
      : upload.phase === 'processing'
        ? 'Processing into chunks…'
        : upload.error;
  return (
    <li className="space-y-1.5" data-testid="upload-row">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate font-medium">{upload.name}</span>
        {upload.kind === 'file' ? (
          <span className="shrink-0 text-muted-foreground text-xs">{formatKb(upload.size)}</span>
        ) : null}
      </div>
      <ProgressBar upload={upload} />
      <p className={cn('text-xs', upload.phase === 'error' ? 'text-destructive' : 'text-muted-foreground')}>{text}</p>
    </li>
  );
}

/**
 * Upload by button or drag and drop, with a real progress bar per file (XHR upload progress), then
 * "processing" until the document turns READY or failed in the live list; toasts with the spec's texts.
 */
export function UploadPanel({ documents }: { documents: KnowledgeDocument[] | undefined }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [url, setUrl] = useState('');
  const client = useQueryClient();

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  // Documents reach READY / failed in the background: the live list tells, and the row is settled here.
  useEffect(() => {
    if (!documents) return;
    for (const upload of uploads) {
      if (upload.phase !== 'processing' || !upload.documentId) continue;
      const doc = documents.find((d) => d.id === upload.documentId);
      if (!doc || doc.status === 'PENDING') continue;
      const website = upload.kind === 'website';
      if (doc.status === 'READY') {
        toast.success(website ? knowledgeMessages.websiteIngested : knowledgeMessages.uploaded, {
          description: knowledgeMessages.uploadedBody(doc.chunk_count),
        });
        setUploads((list) => list.filter((u) => u.key !== upload.key));
      } else {
        const reason = doc.error ?? 'The document could not be processed.';
        toast.error(website ? knowledgeMessages.ingestionFailed : knowledgeMessages.uploadFailed, {
          description: reason,
        });
        // The list below shows the failed document with its reason; the row here has done its job.
        setUploads((list) => list.filter((u) => u.key !== upload.key));
      }
    }
  }, [documents, uploads]);

  const startFile = async (file: File) => {
    const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
    setUploads((list) => [
      ...list,
      { key, name: file.name, size: file.size, progress: 0, phase: 'uploading', kind: 'file' },
    ]);
    if (file.size > KNOWLEDGE_LIMITS.maxUploadBytes) {
      const reason = 'This file is too large. The largest file you can upload is 20 MB.';
      patch(key, { phase: 'error', error: reason });
      toast.error(knowledgeMessages.uploadFailed, { description: reason });
      return;
    }
    try {
      const started = await uploadDocument(file, (progress) => patch(key, { progress }));
      patch(key, { phase: 'processing', progress: 100, documentId: started.document_id });
      await client.invalidateQueries({ queryKey: queryKeys.documents });
    } catch (err) {
      patch(key, { phase: 'error', error: messageOf(err) });
      toast.error(knowledgeMessages.uploadFailed, { description: messageOf(err) });
    }
  };

  const startFiles = (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files)) void startFile(file);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    startFiles(event.dataTransfer.files);
  };

  const submitUrl = async (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (!value) return;
    const key = `url-${Math.random().toString(36).slice(2)}`;
    setUploads((list) => [...list, { key, name: value, size: 0, progress: 100, phase: 'processing', kind: 'website' }]);
    setUrl('');
    try {
      const started = await ingestWebsite(value);
      patch(key, { documentId: started.document_id });
      await client.invalidateQueries({ queryKey: queryKeys.documents });
    } catch (err) {
      patch(key, { phase: 'error', error: messageOf(err) });
      toast.error(knowledgeMessages.ingestionFailed, { description: messageOf(err) });
    }
  };

  const failed = uploads.filter((u) => u.phase === 'error');

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Add documents</CardTitle>
        <CardDescription>
          PDF, Word, text, Markdown, CSV or Excel files up to 20 MB. Your assistant learns from them and cites them in
          answers.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <section
          aria-label="Drop files here to upload"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="dropzone"
          className={cn(
            'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
          )}
        >
          <UploadCloud aria-hidden="true" className="size-8 text-primary" />
          <p className="text-sm">
            <span className="font-medium">Drag and drop files here</span>
            <span className="text-muted-foreground"> or</span>
          </p>
          <input
            ref={input}
            type="file"
            multiple
            accept={DOCUMENT_ACCEPT}
            className="hidden"
            aria-label="Choose files to upload"
            data-testid="document-file-input"
            onChange={(e) => {
              startFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <Button variant="outline" onClick={() => input.current?.click()}>
            <FileUp aria-hidden="true" />
            Choose files
          </Button>
        </section>

        <form onSubmit={submitUrl} className="space-y-2">
          <Label htmlFor="documents-website" className="flex items-center gap-2">
            <Globe aria-hidden="true" className="size-4" /> Add a website page
          </Label>
          <div className="flex gap-2">
            <Input
              id="documents-website"
              type="url"
              inputMode="url"
              placeholder="https://your-business.com/about"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <Button type="submit" disabled={!url.trim()}>
              Add
            </Button>
          </div>
        </form>

        {uploads.length > 0 ? (
          <ul className="space-y-3" aria-label="Uploads in progress">
            {uploads.map((u) => (
              <UploadRow key={u.key} upload={u} />
            ))}
          </ul>
        ) : null}
        {failed.length > 0 ? (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setUploads((list) => list.filter((u) => u.phase !== 'error'))}
            >
              <CircleAlert aria-hidden="true" />
              Clear failed uploads
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
