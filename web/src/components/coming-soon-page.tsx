import { BRAND_NAME } from '@helixis/contract';
import { useDocumentTitle } from '../lib/use-document-title';

/** A page whose screen is built in later work: its title and an honest note, nothing that pretends to work. */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">This part of {BRAND_NAME} is coming soon.</p>
    </section>
  );
}
