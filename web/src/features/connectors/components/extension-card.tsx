import { Puzzle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * The browser-extension card of /connect (doc 3 §2). Placeholder owned by the extension work: it only
 * offers the download; Connect, Disconnect and "Test: Summarize this page" arrive with the extension.
 */
export function ExtensionCard() {
  return (
    <Card data-testid="extension-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Puzzle aria-hidden="true" className="size-5 text-primary" />
          Browser extension
        </CardTitle>
        <CardDescription>
          Ask your assistant about the page you are on — an e-mail, a ticket — without leaving it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <a href="/extension.zip" download>
            Download Extension
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
