import { type ApplyChange, applyCheckMessages } from '@helixis/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ApplyCheckResult } from '../api/apply-check';

const CHANGE_LABEL: Record<ApplyChange, string> = {
  lost_citation: 'lost a citation',
  facts_changed: 'facts changed',
  answer_changed: 'wording changed',
};

const sourcesOf = (a: ApplyCheckResult['items'][number]['live']) =>
  a.sources.length > 0 ? a.sources.map((s) => s.citation).join(', ') : 'no sources';

/** What changed between the live answers and the test copy's, blocking answers first. */
export function ApplyCheckView({ check }: { check: ApplyCheckResult }) {
  const items = [...check.items].sort((a, b) => Number(b.blocking) - Number(a.blocking));
  const changed = items.filter((i) => i.changes.length > 0);
  return (
    <div className="flex flex-col gap-3" data-testid="apply-check">
      {check.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{applyCheckMessages.empty}</p>
      ) : check.blocking > 0 ? (
        <p className="flex items-start gap-2 font-medium text-red-800 text-sm" role="alert">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {applyCheckMessages.blocked(check.blocking)}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-success">
          <CircleCheck aria-hidden="true" className="size-4" /> {applyCheckMessages.clean}
        </p>
      )}
      <p className="text-muted-foreground text-xs">
        {check.items.filter((i) => i.kind === 'regression').length} regression questions from resolved tasks ·{' '}
        {check.items.filter((i) => i.kind === 'saved').length} saved questions · {changed.length} changed
      </p>
      {changed.length > 0 ? (
        <ul className="flex max-h-72 flex-col gap-2 overflow-auto">
          {changed.map((item) => (
            <li
              key={`${item.kind}:${item.question}`}
              className={`rounded-md border p-2 text-sm ${item.blocking ? 'border-red-300 bg-red-50' : 'bg-card'}`}
              data-testid="apply-check-item"
            >
              <p className="break-words font-medium">{item.question}</p>
              <p className="text-xs">
                {item.kind === 'regression' ? 'Resolved task' : 'Saved question'} ·{' '}
                {item.changes.map((c) => CHANGE_LABEL[c]).join(', ')}
              </p>
              {item.expected_answer ? (
                <p className="break-words text-muted-foreground text-xs">Person's answer: {item.expected_answer}</p>
              ) : null}
              <p className="break-words text-muted-foreground text-xs">Live cites: {sourcesOf(item.live)}</p>
              <p className="break-words text-muted-foreground text-xs">Test cites: {sourcesOf(item.test)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
