import { BRAND_NAME, COPYRIGHT_YEAR } from '@helixis/contract';
import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { differentiators, type FeatureBlock, faqs, featureBlocks } from '../landing-content';

function SectionHeading({ id, eyebrow, title, text }: { id: string; eyebrow: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl space-y-3 text-center">
      <p className="font-medium text-primary text-sm">{eyebrow}</p>
      <h2 id={id} className="font-semibold text-3xl tracking-tight">
        {title}
      </h2>
      <p className="text-muted-foreground">{text}</p>
    </div>
  );
}

export function Differentiators() {
  return (
    <section id="why" aria-labelledby="why-heading" className="scroll-mt-20 border-y bg-card py-20">
      <div className="mx-auto max-w-6xl space-y-12 px-4 sm:px-6">
        <SectionHeading
          id="why-heading"
          eyebrow={`Why ${BRAND_NAME}`}
          title="Careful by design"
          text="Residents and owners notice a wrong answer. Helixis is built to be right first and fast second."
        />
        <div className="grid gap-6 md:grid-cols-3">
          {differentiators.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-xl border bg-background p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 font-semibold text-lg">{title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function FeatureRow({ block, reversed }: { block: FeatureBlock; reversed: boolean }) {
  const Icon = block.icon;
  return (
    <article aria-labelledby={`${block.id}-title`} className="grid items-center gap-10 md:grid-cols-2">
      <div className={cn('space-y-5', reversed && 'md:order-2')}>
        <p className="inline-flex items-center gap-2 font-medium text-primary text-sm">
          <Icon aria-hidden="true" className="size-4" />
          {block.eyebrow}
        </p>
        <h3 id={`${block.id}-title`} className="font-semibold text-2xl tracking-tight">
          {block.title}
        </h3>
        <p className="text-muted-foreground leading-relaxed">{block.text}</p>
        <ul className="space-y-2.5">
          {block.points.map((point) => (
            <li key={point} className="flex items-start gap-2.5 text-sm">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </div>
      <figure className="rounded-2xl border bg-gradient-to-br from-accent/60 to-card p-6">
        <figcaption className="mb-4 font-medium text-muted-foreground text-xs uppercase tracking-wide">
          Example
        </figcaption>
        <div className="space-y-3 text-sm">
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-3.5 py-2 text-primary-foreground">
            {block.example.question}
          </p>
          <p className="w-fit max-w-[90%] rounded-2xl rounded-bl-sm border bg-card px-3.5 py-2 shadow-xs">
            {block.example.answer}
          </p>
        </div>
      </figure>
    </article>
  );
}

export function FeatureBlocks() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl space-y-16 px-4 sm:px-6">
        <SectionHeading
          id="features-heading"
          eyebrow="What it does"
          title="One assistant for the whole office"
          text="From the leasing desk to maintenance coordination, Helixis takes the repetitive work and leaves the decisions to you."
        />
        {featureBlocks.map((block, index) => (
          <FeatureRow key={block.id} block={block} reversed={index % 2 === 1} />
        ))}
      </div>
    </section>
  );
}

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 border-t bg-card py-20">
      <div className="mx-auto max-w-3xl space-y-10 px-4 sm:px-6">
        <SectionHeading
          id="faq-heading"
          eyebrow="FAQ"
          title="Questions property managers ask us"
          text="Short answers to what teams want to know before they start."
        />
        <Accordion type="single" collapsible className="rounded-xl border bg-background px-5">
          {faqs.map((faq, index) => (
            <AccordionItem key={faq.question} value={`faq-${index}`}>
              <AccordionTrigger>{faq.question}</AccordionTrigger>
              <AccordionContent>{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}

export function ClosingCallToAction() {
  return (
    <section className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-primary px-8 py-12 text-primary-foreground md:flex-row md:items-center">
          <div className="space-y-2">
            <h2 className="font-semibold text-2xl tracking-tight">Give your team a head start</h2>
            <p className="text-primary-foreground/85">
              Create your workspace and teach your assistant about your properties today.
            </p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <Link to="/signin?mode=signup">
              Build Your AI Assistant
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-muted-foreground text-sm sm:flex-row sm:px-6">
        <BrandLogo className="[&_span]:text-base" />
        <nav aria-label="Footer" className="flex gap-5">
          <Link className="hover:text-foreground" to="/signin">
            Sign in
          </Link>
          <Link className="hover:text-foreground" to="/signin?mode=signup">
            Sign up
          </Link>
          <a className="hover:text-foreground" href="#faq">
            FAQ
          </a>
        </nav>
        <p>
          © {COPYRIGHT_YEAR} {BRAND_NAME}
        </p>
      </div>
    </footer>
  );
}
