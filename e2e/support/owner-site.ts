import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OwnerSite {
  url: string;
  /** The HTML every request of the site answers with from now on. */
  setPage(html: string): void;
  close(): Promise<void>;
}

/**
 * The owner's own website on another port, where the widget is embedded: a strict CSP (no inline script or
 * style) that allows only the Helixis origin for scripts and requests.
 */
export async function startOwnerSite(helixisUrl: string): Promise<OwnerSite> {
  let page = '<!doctype html><title>empty</title>';
  const site = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${helixisUrl}; connect-src ${helixisUrl}; style-src 'self'`,
    });
    res.end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    setPage: (html) => {
      page = html;
    },
    close: () => new Promise((resolve) => site.close(() => resolve())),
  };
}
