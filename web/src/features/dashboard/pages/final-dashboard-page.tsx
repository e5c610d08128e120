import { useDocumentTitle } from '../../../lib/use-document-title';
import { TeachYourAiPanel } from '../../teach/components/teach-your-ai-panel';

/** The final dashboard; for now only its Teach Your AI → Manual Training view (doc 3 §2). */
export function FinalDashboardPage() {
  useDocumentTitle('Teach Your AI');
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 p-4 md:p-6">
      <header className="space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight">Teach Your AI</h1>
        <p className="text-muted-foreground text-sm">Manual Training</p>
      </header>
      <TeachYourAiPanel />
    </div>
  );
}
