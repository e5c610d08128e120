import type { OnboardingRound } from '@helixis/contract';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import type { BusinessProfile } from '../../profile/api/business-profile';
import { ConfidenceMeter } from '../../profile/components/confidence-meter';
import { Textarea } from '../../profile/components/textarea';
import { useSaveOnboardingRound } from '../api/onboarding';
import { liveConfidence, liveConfidenceInput } from '../lib/live-confidence';
import { OnboardingProgress } from './onboarding-progress';

/** The three onboarding rounds, one at a time, with the confidence meter following the answers. */
export function RoundsWizard({
  rounds,
  startRound,
  profile,
  onFinished,
}: {
  rounds: readonly OnboardingRound[];
  startRound: number;
  profile: BusinessProfile | null | undefined;
  onFinished: () => void;
}) {
  const [roundNumber, setRoundNumber] = useState(Math.min(Math.max(startRound, 1), rounds.length));
  const round = rounds.find((r) => r.roundNumber === roundNumber) ?? rounds[0];
  // Answers being typed, per round; a round opens with its saved answers.
  const [drafts, setDrafts] = useState<Record<number, string[]>>({});
  const draft = round ? (drafts[round.roundNumber] ?? round.questions.map((_, i) => round.answers[i] ?? '')) : [];
  const setDraft = (update: (d: string[]) => string[]) => {
    if (round) setDrafts((all) => ({ ...all, [round.roundNumber]: update(draft) }));
  };
  const save = useSaveOnboardingRound();
  const goTo = (n: number) => {
    save.reset();
    setRoundNumber(n);
  };

  const confidence = useMemo(
    () => liveConfidence(liveConfidenceInput(profile, rounds, roundNumber, draft)),
    [profile, rounds, roundNumber, draft],
  );
  if (!round) return null;

  const completedRounds = rounds.filter((r) => r.completed).length;
  const canContinue = draft.some((a) => a.trim() !== '') && !save.isPending;

  const next = () => {
    save.mutate(
      { roundNumber: round.roundNumber, answers: draft, complete: true },
      {
        onSuccess: () => {
          if (round.roundNumber >= rounds.length) onFinished();
          else goTo(round.roundNumber + 1);
        },
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <Card>
        <CardHeader className="gap-4">
          <OnboardingProgress
            step={1}
            percent={(completedRounds / rounds.length) * 100}
            label={`Round ${round.roundNumber} of ${rounds.length}`}
          />
          <div>
            <CardTitle as="h2">{round.title}</CardTitle>
            <CardDescription>{round.context}</CardDescription>
          </div>
          <ol className="flex gap-2" aria-label="Rounds">
            {rounds.map((r) => (
              <li
                key={r.roundNumber}
                aria-current={r.roundNumber === round.roundNumber ? 'step' : undefined}
                className={`flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs ${
                  r.roundNumber === round.roundNumber ? 'border-primary bg-accent font-medium' : 'text-muted-foreground'
                }`}
              >
                {r.completed ? <Check aria-hidden="true" className="size-3 text-emerald-600" /> : null}
                {r.roundNumber}. {r.title}
              </li>
            ))}
          </ol>
        </CardHeader>
        <CardContent className="space-y-5">
          {round.questions.map((q, i) => (
            <div key={q.id} className="space-y-2">
              <Label htmlFor={`q-${q.id}`}>{q.text}</Label>
              <Textarea
                id={`q-${q.id}`}
                rows={3}
                placeholder={q.placeholder}
                value={draft[i] ?? ''}
                maxLength={5_000}
                onChange={(e) => setDraft((d) => d.map((a, j) => (j === i ? e.target.value : a)))}
              />
            </div>
          ))}
          {save.isError ? (
            <Alert variant="destructive">
              <p>{save.error.message}</p>
            </Alert>
          ) : null}
        </CardContent>
        <CardFooter className="justify-between">
          <Button
            variant="outline"
            disabled={round.roundNumber === 1 || save.isPending}
            onClick={() => goTo(round.roundNumber - 1)}
          >
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <Button onClick={next} disabled={!canContinue}>
            {save.isPending ? 'Saving...' : round.roundNumber >= rounds.length ? 'Finish rounds' : 'Next round'}
            <ArrowRight aria-hidden="true" />
          </Button>
        </CardFooter>
      </Card>
      <Card className="h-fit">
        <CardContent className="pt-6">
          <ConfidenceMeter score={confidence.score} contradictions={confidence.contradictions} />
        </CardContent>
      </Card>
    </div>
  );
}
