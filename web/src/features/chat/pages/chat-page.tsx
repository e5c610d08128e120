import { useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantMode, useBusinessProfile } from '../../profile/api/business-profile';
import { useMe } from '../../workspaces/api/get-me';
import { ChatView } from '../components/chat-view';
import { OnboardingChat } from '../components/onboarding-chat';
import { WorkspaceDashboard } from '../components/workspace-dashboard';

/**
 * /chat: threads, messages with sources, and the input; the onboarding chat while
 * onboarding is incomplete; the workspace dashboard with ?workspace=<id>.
 */
export function ChatPage() {
  const [params] = useSearchParams();
  const workspaceId = params.get('workspace');
  if (workspaceId) return <WorkspaceDashboard workspaceId={workspaceId} />;
  return <ChatHome />;
}

/** Space under the chat: the page's bottom padding, so the page itself does not scroll. */
const BELOW_CHAT_PX = 32;
const MIN_CHAT_PX = 320;

/**
 * The height that fills the window from where the element starts, so the composer is in view without
 * scrolling whatever the shell above it (a sidebar on desktops, a header on phones) takes.
 */
function useFillWindow() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_CHAT_PX, Math.floor(window.innerHeight - top - BELOW_CHAT_PX)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, height };
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
      {mode === 'onboarding' && me.data ? <OnboardingChat workspaceId={me.data.workspace.id} /> : <FittedChat />}
    </section>
  );
}

function FittedChat() {
  const { ref, height } = useFillWindow();
  return (
    <div ref={ref} style={height ? { height } : undefined} className={height ? undefined : 'h-[calc(100svh-10rem)]'}>
      <ChatView className="h-full" />
    </div>
  );
}
