import { missingRequiredFields } from '@helixis/domain';
import { Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBusinessProfile } from '../api/business-profile';
import { useProfileAutosave } from '../api/use-profile-autosave';
import { ConfidenceMeter } from '../components/confidence-meter';
import { EditBusinessDialog } from '../components/edit-business-dialog';

const ROWS = [
  ['Business Name', (d: Record<string, unknown>) => d.officialName],
  ['Industry', (d: Record<string, unknown>) => d.industry],
  ['Service Area', (d: Record<string, unknown>) => d.serviceArea],
  ['Business Description', (d: Record<string, unknown>) => d.businessDescription],
] as const;

/**
 * /profile/basic: the business profile with its confidence and the edit dialog. `resetOnboarding` is
 * shown below them: the onboarding feature's reset card, put there by app/ (onboarding imports profile).
 */
export function BasicProfilePage({ resetOnboarding }: { resetOnboarding?: ReactNode }) {
  useDocumentTitle('Business profile');
  const profile = useBusinessProfile();
  const autosave = useProfileAutosave(profile.data?.profile?.id);
  const [open, setOpen] = useState(false);

  if (profile.isPending) return <PageStatus label="Loading your business profile..." />;
  if (profile.isError) {
    return (
      <Alert variant="destructive">
        <p>{profile.error.message}</p>
      </Alert>
    );
  }
  const result = profile.data;
  const data = result.profile?.business_data ?? {};
  const contact = data.primaryContact;
  const missing = missingRequiredFields(data);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="font-semibold text-3xl tracking-tight">Business profile</h1>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Your business</CardTitle>
            <CardDescription>
              {missing.length === 0
                ? 'All five required fields are filled.'
                : `${missing.length} of the five required fields still need a value.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="divide-y text-sm">
              {ROWS.map(([label, read]) => (
                <div key={label} className="flex justify-between gap-4 py-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right">{String(read(data) ?? '—')}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-muted-foreground">Primary Contact & Role</dt>
                <dd className="text-right">
                  {[contact?.name, contact?.role, contact?.email].filter(Boolean).join(', ') || '—'}
                </dd>
              </div>
            </dl>
            <Button variant="outline" onClick={() => setOpen(true)}>
              <Pencil aria-hidden="true" />
              Edit details
            </Button>
          </CardContent>
        </Card>
        <Card className="h-fit">
          <CardContent className="pt-6">
            <ConfidenceMeter score={result.confidence.score} contradictions={result.confidence.contradictions} />
          </CardContent>
        </Card>
      </div>
      {resetOnboarding}
      <EditBusinessDialog
        open={open}
        focus={null}
        onOpenChange={(next) => {
          if (!next && autosave.hasPending()) void autosave.flush();
          setOpen(next);
        }}
        businessData={data}
        essentialInfo={result.profile?.essential_info ?? {}}
        onChange={autosave.queue}
        onDone={() => {
          if (autosave.hasPending()) void autosave.flush();
          setOpen(false);
        }}
        saveState={autosave.state}
      />
    </div>
  );
}
