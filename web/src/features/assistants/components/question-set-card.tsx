import { QUESTION_SET_MAX, questionSetMessages } from '@helixis/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useLatestComparison, useQuestionSet, useRunComparison, useSaveQuestionSet } from '../api/question-sets';
import { ComparisonChart, ComparisonSummary, ComparisonTable } from './comparison-view';

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The saved question set: edited one question per line, run against live and test side by side. */
export function QuestionSetCard() {
  const set = useQuestionSet();
  const latest = useLatestComparison();
  const save = useSaveQuestionSet();
  const run = useRunComparison();
  // Untouched, the box shows the saved questions as soon as they arrive (no empty first frame).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? set.data?.questions.join('\n') ?? '';
  const questions = lines(text);
  const dirty = set.data ? questions.join('\n') !== set.data.questions.join('\n') : false;
  const comparison = latest.data?.comparison ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Saved question set</CardTitle>
        <CardDescription>
          Questions your customers ask, one per line (at most {QUESTION_SET_MAX}). Run them against the live and the
          test assistant before you apply the test changes.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {set.isPending ? <Spinner label="Loading questions..." /> : null}
        {set.isError ? <p className="text-destructive text-sm">{set.error.message}</p> : null}
        <textarea
          hidden={!set.isSuccess}
          aria-label="Saved questions"
          rows={5}
          value={text}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={'What is the pet deposit?\nWhen is rent due?'}
          className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm"
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            disabled={save.isPending || questions.length === 0 || !dirty}
            onClick={() =>
              save.mutate(
                { questions },
                {
                  onSuccess: () => toast.success(questionSetMessages.saved),
                  onError: (err) => toast.error(questionSetMessages.saveFailed, { description: err.message }),
                },
              )
            }
          >
            Save Questions
          </Button>
          <Button
            disabled={run.isPending || dirty || (set.data?.questions.length ?? 0) === 0}
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: () => toast.success(questionSetMessages.compared),
                onError: (err) => toast.error(questionSetMessages.compareFailed(err.message)),
              })
            }
          >
            Run against Live and Test
          </Button>
          {dirty ? <span className="text-muted-foreground text-xs">Save the questions to run them.</span> : null}
        </div>
        {run.isPending ? (
          <Spinner
            label={`Answering ${set.data?.questions.length ?? 0} questions with the live and the test assistant...`}
          />
        ) : null}
        {comparison ? (
          <div className="flex flex-col gap-3" data-testid="comparison">
            <ComparisonSummary comparison={comparison} />
            <ComparisonChart comparison={comparison} />
            <ComparisonTable comparison={comparison} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
