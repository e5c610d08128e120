import { FACT_VALUE_MAX_CHARS, teachMessages } from '@helixis/contract';
import { Check, Pencil, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { type Fact, useCorrectFact, useFactProfile, useFacts } from '../api/facts';
import { ConfidenceBadge, SourceBadge } from './fact-badges';

function FactRow({ fact }: { fact: Fact }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(fact.value);
  const correct = useCorrectFact();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const newValue = value.trim();
    if (!newValue || newValue === fact.value) {
      setEditing(false);
      return;
    }
    try {
      await correct.mutateAsync({ key: fact.key, newValue, provenanceRef: 'teach-your-ai' });
      toast.success(teachMessages.informationUpdated);
      setEditing(false);
    } catch {
      toast.error(teachMessages.informationFailed);
    }
  };

  return (
    <li className="space-y-1 border-b py-2 last:border-b-0" data-testid={`fact-${fact.key}`}>
      <div className="flex items-center gap-2">
        <span className="font-medium text-sm">{fact.label}</span>
        <SourceBadge source={fact.source} />
        <ConfidenceBadge value={fact.confidence} />
        {fact.corrections.length > 0 ? (
          <span className="text-muted-foreground text-xs">
            corrected {fact.corrections.length === 1 ? 'once' : `${fact.corrections.length} times`}
          </span>
        ) : null}
        {!editing ? (
          <Button
            variant="ghost"
            size="icon"
            className="ml-auto size-7"
            aria-label={`Edit ${fact.label}`}
            onClick={() => {
              setValue(fact.value);
              setEditing(true);
            }}
          >
            <Pencil />
          </Button>
        ) : null}
      </div>
      {editing ? (
        <form onSubmit={save} className="flex items-center gap-2">
          <Input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={FACT_VALUE_MAX_CHARS}
            aria-label={`New value for ${fact.label}`}
            autoFocus
          />
          <Button type="submit" size="icon" aria-label="Save correction" disabled={correct.isPending || !value.trim()}>
            <Check />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Cancel" onClick={() => setEditing(false)}>
            <X />
          </Button>
        </form>
      ) : (
        <p className="text-muted-foreground text-sm">{fact.value}</p>
      )}
    </li>
  );
}

/** 'What I Know': completeness over the essential facts, then every fact with source and confidence. */
export function WhatIKnow() {
  const facts = useFacts();
  const profile = useFactProfile();
  const completeness = profile.data?.completeness ?? 0;

  return (
    <div className="space-y-3">
      {profile.data ? (
        <div className="space-y-1">
          <div className="flex justify-between text-sm">
            <span>Essential facts</span>
            <span className="font-medium" data-testid="completeness">
              {completeness === 100 ? 'Complete' : `${completeness}% complete`}
            </span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Essential facts known"
            aria-valuenow={completeness}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${completeness}%` }} />
          </div>
          <p className="text-muted-foreground text-xs">
            Missing:{' '}
            {profile.data.essentialFacts
              .filter((e) => !e.present)
              .map((e) => e.label)
              .join(', ') || 'nothing'}
          </p>
        </div>
      ) : null}
      {facts.isPending ? (
        <Spinner label="Loading facts" />
      ) : facts.isError ? (
        <p className="text-destructive text-sm">{facts.error.message}</p>
      ) : facts.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          I don't know any facts yet. Tell the Knowledge Copilot about your business or add content.
        </p>
      ) : (
        <ul className="max-h-[360px] overflow-y-auto pr-1">
          {facts.data.map((fact) => (
            <FactRow key={fact.id} fact={fact} />
          ))}
        </ul>
      )}
    </div>
  );
}
