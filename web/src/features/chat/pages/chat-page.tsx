import { useSearchParams } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantMode, useBusinessProfile } from '../../profile/api/business-profile';
import { useMe } from '../../workspaces/api/get-me';
import { ChatView } from '../components/chat-view';
import { OnboardingChat } from '../components/onboarding-chat';
import { WorkspaceDashboard } from '../components/workspace-dashboard';

/**
 * /chat (doc 3 §2): threads, messages with sources, and the input; the onboarding chat while
 * onboarding is incomplete; the workspace dashboard with ?workspace=<id>.
 */
export function ChatPage() {
  const [params] = useSearchParams();
  const workspaceId = params.get('workspace');
  if (workspaceId) return <WorkspaceDashboard workspaceId={workspaceId} />;
  return <ChatHome />;
}

function ChatHome() {
  useDocumentTitle('Chat');
  const me = useMe();
  const profile = useBusinessProfile();
  const mode = useAssistantMode();
  if (profile.isPending || me.isPending) return <PageStatus label="Loading chat..." />;
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="font-semibold text-2xl tracking-tight">Chat</h1>
      {mode === 'onboarding' && me.data ? (
        <OnboardingChat workspaceId={me.data.workspace.id} />
      ) : (
        <ChatView className="h-[calc(100svh-10rem)]" />
      )}
    </section>
  );
}
