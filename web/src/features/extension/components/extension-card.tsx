import { EXTENSION_TEST_ANSWER_CHARS, EXTENSION_ZIP_PATH, extensionMessages } from '@helixis/contract';
import { Download, FlaskConical, Link2, Unlink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth-context';
import { useMe } from '../../workspaces/api/get-me';
import { useExtBootstrap } from '../api/extension';
import {
  askWithExtensionToken,
  deliverBootstrap,
  disconnectExtension,
  isExtensionConnected,
  probeExtension,
} from '../lib/extension-bridge';

/**
 * The extension card (on the Connect page): connected indicator, Download Extension,
 * Connect, Disconnect and "Test: Summarize this page".
 */
export function ExtensionCard() {
  const { user, session } = useAuth();
  const me = useMe();
  const bootstrap = useExtBootstrap();
  const [connected, setConnected] = useState(isExtensionConnected);
  const [testing, setTesting] = useState(false);
  const [testAnswer, setTestAnswer] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void probeExtension().then((found) => {
      if (live && found) setConnected(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const connect = async () => {
    if (!user || !session) {
      toast.error(extensionMessages.authenticationRequired, { description: extensionMessages.signInToConnect });
      return;
    }
    const workspaceId = me.data?.workspace.id;
    if (!workspaceId) {
      toast.error(extensionMessages.workspaceMissing, { description: extensionMessages.createWorkspaceFirst });
      return;
    }
    try {
      const result = await bootstrap.mutateAsync(workspaceId);
      const { delivered } = await deliverBootstrap(result);
      setConnected(true);
      toast.success('Extension connected', {
        description: delivered
          ? `${result.assistantName} can now answer from the extension.`
          : 'Install the extension in this browser to use it on your allowed domains.',
      });
    } catch (err) {
      toast.error(extensionMessages.connectionFailed, {
        description: err instanceof Error && err.message ? err.message : extensionMessages.failedToBootstrap,
      });
    }
  };

  const disconnect = async () => {
    await disconnectExtension();
    setConnected(false);
    setTestAnswer(null);
    toast.success('Extension disconnected');
  };

  const test = async () => {
    if (!isExtensionConnected()) {
      toast.error(extensionMessages.connectFirst);
      return;
    }
    setTesting(true);
    try {
      const result = await askWithExtensionToken('Summarize this page');
      setTestAnswer(result.answer.slice(0, EXTENSION_TEST_ANSWER_CHARS));
    } catch (err) {
      toast.error(extensionMessages.testFailed, { description: err instanceof Error ? err.message : undefined });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card data-testid="extension-card">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h3">Browser extension</CardTitle>
          {connected ? (
            <Badge variant="success" data-testid="extension-status">
              Connected
            </Badge>
          ) : (
            <Badge variant="secondary" data-testid="extension-status">
              Not connected
            </Badge>
          )}
        </div>
        <CardDescription>
          Ask your assistant about the e-mail or ticket you are reading. The extension reads pages only on your allowed
          domains.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={EXTENSION_ZIP_PATH} download>
              <Download aria-hidden="true" />
              Download Extension
            </a>
          </Button>
          <Button onClick={() => void connect()} disabled={bootstrap.isPending}>
            <Link2 aria-hidden="true" />
            {bootstrap.isPending ? 'Connecting...' : 'Connect'}
          </Button>
          <Button variant="outline" onClick={() => void disconnect()} disabled={!connected}>
            <Unlink aria-hidden="true" />
            Disconnect
          </Button>
          <Button variant="secondary" onClick={() => void test()} disabled={testing}>
            <FlaskConical aria-hidden="true" />
            Test: Summarize this page
          </Button>
        </div>
        {testAnswer !== null && (
          <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="extension-test-answer">
            {testAnswer}
          </p>
        )}
        <p className="text-muted-foreground text-xs">
          To install: unzip the download, open chrome://extensions, turn on Developer mode and choose “Load unpacked”.
          Then click Connect here.
        </p>
      </CardContent>
    </Card>
  );
}
