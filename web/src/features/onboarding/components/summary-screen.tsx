import { onboardingTexts, REQUIRED_ONBOARDING_FIELDS } from '@helixis/contract';
import { missingRequiredFields } from '@helixis/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleCheck, CircleDashed, Pencil, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { queryKeys } from '../../../lib/query-keys';
import {
  type BusinessProfileResult,
  type ProfileChanges,
  saveBusinessProfile,
} from '../../profile/api/business-profile';
import { useProfileAutosave } from '../../profile/api/use-profile-autosave';
import { ConfidenceMeter } from '../../profile/components/confidence-meter';
import { type EditableField, EditBusinessDialog } from '../../profile/components/edit-business-dialog';
import { completeOnboarding, useOnboardingSummary } from '../api/onboarding';
import { OnboardingChat } from './onboarding-chat';
import { OnboardingProgress } from './onboarding-progress';

const EDITABLE = new Set<string>([
  'officialName',
  'industry',
  'businessDescription',
  'serviceArea',
  'primaryContact',
  'services',
  'target_audience',
  'paymentsAccepted',
  'mailingAddress',
]);

/** Gaps filled on another screen. */
const GAP_LINKS: Record<string, string> = {
  documents: '/documents',
  integrations: '/onboarding?step=integrations',
};

const SUMMARY_PREVIEW_CHARS = 200;

/** The onboarding summary screen: summary, what is still needed, chat, edit dialog, Apply & Continue. */
export function SummaryScreen({ result, onEditRounds }: { result: BusinessProfileResult; onEditRounds: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const summary = useOnboardingSummary();
  const autosave = useProfileAutosave(result.profile?.id);
  const [dialog, setDialog] = useState<{ open: boolean; focus: EditableField | null }>({ open: false, focus: null });
  const [expanded, setExpanded] = useState(false);
  const [applying, setApplying] = useState(false);

  const data = result.profile?.business_data ?? {};
  const info = result.profile?.essential_info ?? {};
  const missing = missingRequiredFields(data);
  const ready = missing.length === 0;

  const openEditor = (focus: EditableField | null) => setDialog({ open: true, focus });

  const applyFromChat = async (changes: ProfileChanges): Promise<BusinessProfileResult | null> => {
    autosave.queue(changes);
    return autosave.flush();
  };

  const apply = async () => {
    setApplying(true);
    try {
      if (autosave.hasPending()) await autosave.flush();
      await completeOnboarding();
      await client.invalidateQueries({ queryKey: queryKeys.businessProfile });
      navigate('/final-dashboard');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : onboardingTexts.chatError);
      setApplying(false);
    }
  };

  const gaps = summary.data?.gaps ?? [];
  const summaryText = summary.data?.summary_text ?? '';
  const longSummary = summaryText.length > SUMMARY_PREVIEW_CHARS;
  const businessContext = [
    summaryText,
    ...(summary.data?.what_we_learned.map((l) => l.text) ?? []),
    missing.length ? `Still missing: ${missing.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, 4_000);
  const nextQuestion = gaps.find((g) => g.required)?.message ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-6">
        <Card>
          <CardHeader className="gap-3">
            <OnboardingProgress step={2} percent={66} label="Review" />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex items-center gap-2">
                <Sparkles aria-hidden="true" className="size-5 text-primary" />
                <CardTitle as="h2">{onboardingTexts.summaryTitle}</CardTitle>
              </div>
              {summary.data?.operating_profile.industry ? (
                <Badge variant="secondary">{summary.data.operating_profile.industry}</Badge>
              ) : null}
            </div>
          </CardHeader>
          <CardContent className="space-y-4">
            {summary.isPending ? <Spinner label="Writing your summary..." /> : null}
            {summary.isError ? (
              <Alert variant="destructive">
                <p>{onboardingTexts.summaryLoadFailed}</p>
                <Button size="sm" variant="outline" onClick={() => void summary.refetch()}>
                  Try Again
                </Button>
              </Alert>
            ) : null}
            {summary.data ? (
              <>
                <p data-testid="summary-text">
                  {longSummary && !expanded ? `${summaryText.slice(0, SUMMARY_PREVIEW_CHARS)}…` : summaryText}
                  {longSummary ? (
                    <Button variant="link" size="sm" className="h-auto px-1" onClick={() => setExpanded((e) => !e)}>
                      {expanded ? 'Show less' : 'Show more'}
                    </Button>
                  ) : null}
                </p>
                {summary.data.what_we_learned.length > 0 ? (
                  <div>
                    <h3 className="mb-2 font-medium text-sm">What I learned</h3>
                    <ul className="space-y-1.5 text-sm">
                      {summary.data.what_we_learned.map((l) => (
                        <li key={l.text} className="flex gap-2">
                          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                          <span>{l.text}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => openEditor(null)}>
                <Pencil aria-hidden="true" />
                Edit details
              </Button>
              <Button variant="ghost" size="sm" onClick={onEditRounds}>
                Review the questions again
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{onboardingTexts.stillNeed}</CardTitle>
            <CardDescription>Add these so your assistant can answer with confidence.</CardDescription>
          </CardHeader>
          <CardContent>
            {summary.data && gaps.length === 0 ? (
              <p className="text-muted-foreground text-sm">Nothing for now. You can still add more in the chat.</p>
            ) : null}
            <ul className="divide-y" aria-label={onboardingTexts.stillNeed}>
              {gaps.map((gap) => (
                <li key={gap.message} className="flex items-center justify-between gap-3 py-2.5">
                  <span className="text-sm">
                    {gap.message}
                    {gap.required ? (
                      <Badge variant="outline" className="ml-2">
                        Required
                      </Badge>
                    ) : null}
                  </span>
                  {gap.field && EDITABLE.has(gap.field) ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Add: ${gap.message}`}
                      onClick={() => openEditor(gap.field as EditableField)}
                    >
                      <Plus aria-hidden="true" />
                      Add
                    </Button>
                  ) : null}
                  {gap.field && GAP_LINKS[gap.field] ? (
                    <Button asChild size="sm" variant="outline">
                      <Link to={GAP_LINKS[gap.field] as string} aria-label={`Add: ${gap.message}`}>
                        <Plus aria-hidden="true" />
                        Add
                      </Link>
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <OnboardingChat
          initialMessages={result.profile?.onboarding_data.messages ?? []}
          onPersist={(messages) => {
            saveBusinessProfile(result.profile?.id, { onboarding_data: { messages } }).catch(() => undefined);
          }}
          businessContext={businessContext}
          onProfileChanges={applyFromChat}
          nextQuestion={nextQuestion}
        />
      </div>

      <div className="space-y-6">
        <Card>
          <CardContent className="pt-6">
            <ConfidenceMeter score={result.confidence.score} contradictions={result.confidence.contradictions} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              Required to continue
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <ul className="space-y-2 text-sm" aria-label="Required fields">
              {REQUIRED_ONBOARDING_FIELDS.map(({ field, label }) => {
                const done = !missing.includes(field);
                return (
                  <li key={field} className="flex items-center gap-2" data-done={done}>
                    {done ? (
                      <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
                    ) : (
                      <CircleDashed aria-hidden="true" className="size-4 text-muted-foreground" />
                    )}
                    <span className={done ? '' : 'text-muted-foreground'}>{label}</span>
                    <span className="sr-only">{done ? 'filled' : 'missing'}</span>
                  </li>
                );
              })}
            </ul>
            <Button className="w-full" size="lg" disabled={!ready || applying} onClick={() => void apply()}>
              {onboardingTexts.applyContinue}
              <ArrowRight aria-hidden="true" />
            </Button>
            {!ready ? (
              <p className="text-muted-foreground text-xs">
                Fill the {missing.length} remaining required field{missing.length === 1 ? '' : 's'} to continue.
              </p>
            ) : null}
          </CardContent>
        </Card>
        {summary.data && summary.data.suggested_automations.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-base">
                Suggested automations
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3 text-sm">
                {summary.data.suggested_automations.map((a) => (
                  <li key={a.title}>
                    <p className="font-medium">{a.title}</p>
                    <p className="text-muted-foreground">{a.why}</p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
      </div>

      <EditBusinessDialog
        open={dialog.open}
        focus={dialog.focus}
        onOpenChange={(open) => {
          if (!open && autosave.hasPending()) void autosave.flush();
          setDialog((d) => ({ ...d, open }));
        }}
        businessData={data}
        essentialInfo={info}
        onChange={autosave.queue}
        onDone={() => {
          if (autosave.hasPending()) void autosave.flush();
          setDialog((d) => ({ ...d, open: false }));
        }}
        saveState={autosave.state}
      />
    </div>
  );
}
