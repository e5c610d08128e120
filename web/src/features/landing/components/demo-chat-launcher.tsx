import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

// The chat's code is a separate chunk, fetched only when a visitor opens it (loaded on demand).
const DemoChatPanel = lazy(async () => ({
  default: (await import('../../demo/components/demo-chat-panel')).DemoChatPanel,
}));

/** The floating "Ask Helixis" button of the landing page and the demo chat it opens. */
export function DemoChatLauncher({ onSignUp }: { onSignUp: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {open ? (
        <Suspense
          fallback={
            <div className="rounded-2xl border bg-card p-4 shadow-lg">
              <Spinner label="Opening chat..." />
            </div>
          }
        >
          <DemoChatPanel
            onClose={() => setOpen(false)}
            onSignUp={() => {
              setOpen(false);
              onSignUp();
            }}
          />
        </Suspense>
      ) : (
        <Button size="lg" className="rounded-full shadow-lg" onClick={() => setOpen(true)}>
          <MessageCircle aria-hidden="true" />
          Try the demo chat
        </Button>
      )}
    </div>
  );
}
