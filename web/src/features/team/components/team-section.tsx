import {
  InvitableRole,
  InviteTeamMemberInput,
  type MembershipRole,
  type TeamMember,
  type TeamOverview,
  teamMessages,
} from '@helixis/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus, Trash2, Users, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { FORM_VALIDATION_MODE } from '../../../lib/form-rules';
import { useInviteTeamMember, useRemoveMember, useRevokeInvitation, useTeam, useUpdateMemberRole } from '../api/team';

const ROLE_LABELS: Record<MembershipRole, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' };

const selectClass =
  'h-10 rounded-md border border-input bg-card px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40';

const errorText = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/** Which roles the viewer may give this member (the server enforces the same rules). */
function assignableRoles(team: TeamOverview, member: TeamMember): MembershipRole[] {
  if (!team.can_manage) return [];
  // The last owner stays an owner (the server refuses it too).
  const owners = team.members.filter((m) => m.role === 'OWNER').length;
  if (member.role === 'OWNER' && owners <= 1) return [];
  if (team.your_role === 'OWNER') return ['OWNER', 'ADMIN', 'MEMBER'];
  return member.role === 'OWNER' ? [] : ['ADMIN', 'MEMBER'];
}

function InviteForm() {
  const invite = useInviteTeamMember();
  const form = useForm<InviteTeamMemberInput>({
    resolver: zodResolver(InviteTeamMemberInput),
    mode: FORM_VALIDATION_MODE,
    defaultValues: { email: '', role: 'MEMBER' },
  });
  const submit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      (result) => {
        toast.success(teamMessages.invited(result.invitation.email));
        form.reset({ email: '', role: values.role });
      },
      (err) => toast.error(errorText(err)),
    ),
  );
  const emailError = form.formState.errors.email?.message;
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Invite a team member" noValidate>
      <div className="flex min-w-56 flex-1 flex-col gap-1.5">
        <Label htmlFor="invite-email">E-mail address</Label>
        <Input
          id="invite-email"
          type="email"
          placeholder="colleague@example.com"
          aria-invalid={Boolean(emailError)}
          {...form.register('email')}
        />
        {emailError ? <p className="text-destructive text-xs">{emailError}</p> : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="invite-role">Role</Label>
        <select id="invite-role" className={selectClass} {...form.register('role')}>
          {InvitableRole.options.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        <MailPlus aria-hidden="true" />
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}

function MemberRow({ team, member }: { team: TeamOverview; member: TeamMember }) {
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const roles = assignableRoles(team, member);
  const label = member.email ?? 'Unknown user';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="team-member">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">
          {label}
          {member.is_you ? <span className="ml-2 text-muted-foreground text-xs">(you)</span> : null}
        </p>
        <p className="text-muted-foreground text-xs">Joined {new Date(member.joined_at).toLocaleDateString()}</p>
      </div>
      {roles.length > 0 ? (
        <select
          aria-label={`Role of ${label}`}
          className={selectClass}
          value={member.role}
          disabled={updateRole.isPending}
          onChange={(e) =>
            updateRole.mutate(
              { user_id: member.user_id, role: e.target.value as MembershipRole },
              {
                onSuccess: () => toast.success(teamMessages.roleChanged),
                onError: (err) => toast.error(errorText(err)),
              },
            )
          }
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      ) : (
        <Badge variant="secondary">{ROLE_LABELS[member.role]}</Badge>
      )}
      {roles.length > 0 && !member.is_you ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${label}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { user_id: member.user_id },
              { onSuccess: () => toast.success(teamMessages.removed), onError: (err) => toast.error(errorText(err)) },
            )
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** Settings → Team members and roles: owners and admins invite, change roles and remove; everyone sees the team. */
export function TeamSection() {
  const team = useTeam();
  const revoke = useRevokeInvitation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-5 text-primary" />
          Team members and roles
        </CardTitle>
        <CardDescription>
          Owners and admins invite people by e-mail. Admins manage the assistant and documents; members chat and work
          tasks.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {team.isPending ? <p className="text-muted-foreground text-sm">Loading...</p> : null}
        {team.isError ? <p className="text-destructive text-sm">{errorText(team.error)}</p> : null}
        {team.data ? (
          <>
            <ul className="divide-y" aria-label="Team members">
              {team.data.members.map((m) => (
                <MemberRow key={m.user_id} team={team.data} member={m} />
              ))}
            </ul>
            {team.data.can_manage ? <InviteForm /> : null}
            {team.data.invitations.length > 0 ? (
              <div className="flex flex-col gap-2">
                <h3 className="font-medium text-sm">Pending invitations</h3>
                <ul className="divide-y rounded-md border" aria-label="Pending invitations">
                  {team.data.invitations.map((i) => (
                    <li key={i.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="team-invitation">
                      <span className="min-w-0 flex-1 truncate">{i.email}</span>
                      <Badge variant="outline">{ROLE_LABELS[i.role]}</Badge>
                      <span className="text-muted-foreground text-xs">
                        expires {new Date(i.expires_at).toLocaleDateString()}
                      </span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Revoke invitation for ${i.email}`}
                        disabled={revoke.isPending}
                        onClick={() =>
                          revoke.mutate(
                            { id: i.id },
                            {
                              onSuccess: () => toast.success(teamMessages.revoked),
                              onError: (err) => toast.error(errorText(err)),
                            },
                          )
                        }
                      >
                        <X aria-hidden="true" />
                        Revoke
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
