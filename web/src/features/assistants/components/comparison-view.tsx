import { questionSetMessages } from '@helixis/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Comparison } from '../api/question-sets';
import { ConfidenceBadge } from './confidence-badge';

type Answer = Comparison['results'][number]['live'];

const percent = (x: number) => `${Math.round(x * 100)}%`;

function AnswerCell({ answer }: { answer: Answer }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <ConfidenceBadge confidence={answer.confidence} />
        {answer.would_create_task ? <span className="text-amber-700 text-xs">would create a task</span> : null}
      </div>
      <p className="whitespace-pre-wrap text-sm">{answer.answer}</p>
      {answer.sources.length > 0 ? (
        <ul className="text-muted-foreground text-xs">
          {answer.sources.map((s) => (
            <li key={s.id}>
              {s.title} · {percent(s.similarity)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-xs">No sources</p>
      )}
    </div>
  );
}

/** Confidence per question, live next to test. */
export function ComparisonChart({ comparison }: { comparison: Comparison }) {
  const data = comparison.results.map((r, i) => ({
    name: `Q${i + 1}`,
    question: r.question,
    Live: Math.round(r.live.confidence * 100),
    Test: Math.round(r.test.confidence * 100),
  }));
  return (
    <figure className="rounded-lg border bg-card p-4" aria-label="Confidence comparison chart">
      <figcaption className="mb-2 font-medium text-sm">Confidence per question (%)</figcaption>
      <div className="h-48">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} />
            <Tooltip labelFormatter={(_, p) => String(p[0]?.payload?.question ?? '')} />
            <Legend />
            <Bar dataKey="Live" fill="#94a3b8" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="Test" fill="#d97706" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The headline numbers of a comparison: mean confidence and answers that would go to a person. */
export function ComparisonSummary({ comparison }: { comparison: Comparison }) {
  const { summary } = comparison;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="comparison-summary">
      <p className="text-muted-foreground text-xs">
        {comparison.results.length} questions · run {new Date(comparison.created_at).toLocaleString()}
      </p>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-1">
        <dt />
        <dd className="font-medium">Live</dd>
        <dd className="font-medium">Test</dd>
        <dt className="text-muted-foreground">Mean confidence</dt>
        <dd>{percent(summary.live_mean_confidence)}</dd>
        <dd>{percent(summary.test_mean_confidence)}</dd>
        <dt className="text-muted-foreground">Would create tasks</dt>
        <dd>{summary.live_would_create_tasks}</dd>
        <dd>{summary.test_would_create_tasks}</dd>
      </dl>
      {comparison.stale ? <p className="text-amber-700 text-xs">{questionSetMessages.stale}</p> : null}
    </div>
  );
}

/** Every question with the live and the test answer side by side. */
export function ComparisonTable({ comparison }: { comparison: Comparison }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Comparison results">
      {comparison.results.map((r, i) => (
        <li key={r.question} className="rounded-lg border bg-card p-4" data-testid="comparison-row">
          <p className="font-medium text-sm">
            Q{i + 1}. {r.question}
          </p>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            <section aria-label={`Live answer ${i + 1}`}>
              <h3 className="mb-1 font-medium text-muted-foreground text-xs uppercase tracking-wide">
                Live · {comparison.live.name}
              </h3>
              <AnswerCell answer={r.live} />
            </section>
            <section aria-label={`Test answer ${i + 1}`}>
              <h3 className="mb-1 font-medium text-amber-700 text-xs uppercase tracking-wide">
                Test · {comparison.test.name}
              </h3>
              <AnswerCell answer={r.test} />
            </section>
          </div>
        </li>
      ))}
    </ol>
  );
}
