import { ArrowRight, Bot, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

function ExampleConversation() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-3xl bg-gradient-to-br from-primary/15 via-accent to-transparent blur-2xl"
      />
      <div className="rounded-2xl border bg-card p-5 shadow-lg">
        <div className="flex items-center gap-3 border-b pb-4">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="font-medium text-sm">Helixis assistant</p>
            <p className="text-muted-foreground text-xs">Oakridge Property Group</p>
          </div>
        </div>
        <div className="space-y-3 pt-4 text-sm">
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-3.5 py-2 text-primary-foreground">
            A resident at 18 Elm Street asks if they can sublet for the summer.
          </p>
          <div className="w-fit max-w-[90%] space-y-2 rounded-2xl rounded-bl-sm bg-muted px-3.5 py-2.5">
            <p>Before I answer, a few questions so I get this right:</p>
            <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
              <li>Does the Elm Street lease allow subletting with written consent?</li>
              <li>Do you screen subtenants like new applicants?</li>
              <li>Should I draft the reply for you to review?</li>
            </ol>
          </div>
          <p className="flex items-center gap-2 text-muted-foreground text-xs">
            <CircleCheck aria-hidden="true" className="size-3.5 text-success" />
            Task created for your leasing manager
          </p>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-muted-foreground text-xs">
        An example of the assistant asking first
      </figcaption>
    </figure>
  );
}

export function LandingHero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-accent/70 to-transparent"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="space-y-7">
          <p className="inline-flex items-center rounded-full border border-primary/20 bg-card px-3 py-1 font-medium text-primary text-xs">
            AI assistants for property managers
          </p>
          <h1 className="font-semibold text-4xl leading-[1.1] tracking-tight sm:text-5xl">
            An assistant that learns your portfolio before it answers
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground leading-relaxed">
            Helixis reads your leases, policies and property-management data, asks the questions a new hire would, and
            then helps your team answer residents, schedule work and keep owners informed.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/signin?mode=signup">
                Build Your AI Assistant
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#features">See what it does</a>
            </Button>
          </div>
          <p className="text-muted-foreground text-sm">Set up in minutes. You approve everything it automates.</p>
        </div>
        <ExampleConversation />
      </div>
    </section>
  );
}
