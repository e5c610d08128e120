import { useDocumentTitle } from '../../../lib/use-document-title';
import { ChatView } from '../components/chat-view';

/** /chat (doc 3 §2): threads, messages with sources, and the input. */
export function ChatPage() {
  useDocumentTitle('Chat');
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="font-semibold text-2xl tracking-tight">Chat</h1>
      <ChatView className="h-[calc(100svh-10rem)]" />
    </section>
  );
}
