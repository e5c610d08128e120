import { OPERATIONAL_DESCRIPTION_MIN_CHARS, teachMessages } from '@helixis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/textarea';
import { useAuth } from '../../../lib/auth-context';
import { queryKeys } from '../../../lib/query-keys';
import { saveBusinessProfile, useAssistantMode, useBusinessProfile } from '../../profile';

/**
 * Settings → Business profile description. Saved through the one profile write path; a description of
 * more than 50 characters (with onboarding completed) puts the assistant in operational mode.
 */
export function BusinessDescriptionSection() {
  const profile = useBusinessProfile();
  const mode = useAssistantMode();
  const { user } = useAuth();
  // An invited member reads the owner's description; it is changed by whoever wrote it.
  const owner = profile.data?.profile?.user_id;
  const editable = !owner || owner === user?.id;
  const client = useQueryClient();
  const saved = profile.data?.profile?.business_description ?? '';
  const [text, setText] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (profile.isSuccess && text === null) setText(saved);
  }, [profile.isSuccess, saved, text]);

  const value = text ?? saved;
  const length = value.trim().length;
  const save = async () => {
    setSaving(true);
    try {
      await saveBusinessProfile(profile.data?.profile?.id, { business_description: value.trim() });
      await client.invalidateQueries({ queryKey: queryKeys.businessProfile });
      toast.success(teachMessages.informationUpdated);
    } catch {
      toast.error(teachMessages.informationFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <FileText aria-hidden="true" className="size-5 text-primary" />
          Business profile description
        </CardTitle>
        <CardDescription>What your business does, for whom and where. Your assistant answers from it.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Textarea
          aria-label="Business description"
          rows={5}
          value={value}
          disabled={profile.isPending}
          readOnly={!editable}
          onChange={(e) => setText(e.target.value)}
          placeholder="Oakridge Property Management looks after 140 rental units in Columbus, Ohio..."
        />
        <div className="flex flex-wrap items-center gap-3">
          {editable ? (
            <Button onClick={() => void save()} disabled={saving || profile.isPending || value === saved}>
              {saving ? 'Saving...' : 'Save description'}
            </Button>
          ) : (
            <span className="text-muted-foreground text-xs">Written by the workspace owner.</span>
          )}
          <Badge variant={mode === 'operational' ? 'success' : 'secondary'} data-testid="assistant-mode">
            Assistant mode: {mode === 'operational' ? 'Operational' : 'Onboarding'}
          </Badge>
          <span className="text-muted-foreground text-xs">
            {length > OPERATIONAL_DESCRIPTION_MIN_CHARS
              ? `${length} characters`
              : `${length} of more than ${OPERATIONAL_DESCRIPTION_MIN_CHARS} characters needed for operational mode`}
          </span>
          <Link
            to="/profile/basic"
            className="ml-auto inline-flex items-center gap-1 text-primary text-sm hover:underline"
          >
            Full business profile <ChevronRight aria-hidden className="size-4" />
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
