import { chatMessages, LAUNCH_TIMEOUT_MS, onboardingTexts } from '@helixis/contract';
import { shouldShowCreateAssistant } from '@helixis/domain';
import { Bot } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { markOnboardingComplete } from '../../onboarding/lib/onboarding-storage';
import { saveBusinessProfile, useBusinessProfile } from '../../profile/api/business-profile';
import { bootstrapAccount } from '../../workspaces/api/bootstrap-account';
import { useThreads } from '../api/chat-api';
import { forgetOnboardingThread, rememberOnboardingThread, savedOnboardingThread } from '../lib/onboarding-session';
import { ChatView } from './chat-view';

function bootstrapWithin(ms: number): Promise<'ok' | 'failed' | 'timeout'> {
  return Promise.race([
    bootstrapAccount().then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms)),
  ]);
}

/**
 * The onboarding chat inside /chat: the assistant asks about the business, the
 * conversation is saved on the server as it goes and reopened on return, and Create Assistant
 * appears once the context is over 50 characters or has 2+ messages, and is about a business.
 */
export function OnboardingChat({ workspaceId }: { workspaceId: string }) {
  const navigate = useNavigate();
  const threads = useThreads();
  const profile = useBusinessProfile();
  const [saved] = useState(() => savedOnboardingThread(workspaceId));
  const [userMessages, setUserMessages] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);

  const restored = saved !== null && (threads.data?.threads.some((t) => t.id === saved) ?? false);
  const stale = saved !== null && threads.isSuccess && !restored;
  // A remembered thread that no longer exists is forgotten; the next message starts a new one.
  useEffect(() => {
    if (stale) forgetOnboardingThread(workspaceId);
  }, [stale, workspaceId]);

  if (threads.isPending) return <Spinner label="Loading chats" />;

  const context = userMessages.join('\n');
  const canCreate = shouldShowCreateAssistant({ context, userMessageCount: userMessages.length });

  async function createAssistant() {
    setCreating(true);
    try {
      await saveBusinessProfile(profile.data?.profile?.id, { business_description: context.slice(0, 4000) });
    } catch {
      toast.error(chatMessages.createAssistantFailed);
      setCreating(false);
      return;
    }
    const outcome = await bootstrapWithin(LAUNCH_TIMEOUT_MS);
    markOnboardingComplete();
    if (outcome !== 'ok') toast.info(onboardingTexts.setupBackground);
    navigate('/final-dashboard');
  }

  const banner = (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b bg-muted/30 px-4 py-3">
      <div className="flex items-center gap-2 text-sm">
        <Bot aria-hidden="true" className="size-4 text-primary" />
        <span>
          <span className="font-medium">Let's set up your assistant.</span>{' '}
          <span className="text-muted-foreground">Tell me about your business; I'll ask what I still need.</span>
        </span>
      </div>
      {canCreate ? (
        <Button size="sm" onClick={() => void createAssistant()} disabled={creating}>
          {creating ? 'Creating...' : 'Create Assistant'}
        </Button>
      ) : null}
      {restored ? (
        <p className="w-full text-primary text-sm" role="status" data-testid="session-restored">
          {chatMessages.sessionRestored}
        </p>
      ) : null}
    </div>
  );

  return (
    <ChatView
      className="h-[calc(100svh-10rem)]"
      assistantMode="onboarding"
      initialThreadId={restored ? saved : null}
      onThreadStored={(id) => rememberOnboardingThread(workspaceId, id)}
      onUserMessages={setUserMessages}
      banner={banner}
      hideThreads
      intro={
        <>
          <p className="font-medium text-foreground">What does your business do?</p>
          <p className="mt-1">
            Describe your company, your customers and how you work. Every message is saved, so you can come back later.
          </p>
        </>
      }
    />
  );
}
