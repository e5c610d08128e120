import { BookOpen, CircleHelp, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';

const points = [
  { icon: CircleHelp, text: 'Asks clarifying questions before it answers a resident or owner.' },
  { icon: BookOpen, text: 'Learns from your leases, policies and property-management data.' },
  { icon: ShieldCheck, text: 'Runs only the automations you approve.' },
];

/** The brand column beside the sign-in card on wide screens. */
export function AuthSidePanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-between lg:p-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-primary-foreground/8"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-24 size-[28rem] rounded-full bg-primary-foreground/6"
      />
      <Link
        to="/"
        className="relative w-fit rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-primary-foreground/60 [&_span]:text-primary-foreground [&_rect]:fill-primary-foreground/15"
      >
        <BrandLogo />
      </Link>
      <div className="relative max-w-md space-y-8">
        <p className="font-semibold text-3xl leading-tight tracking-tight">
          The assistant that learns your portfolio before it speaks for you.
        </p>
        <ul className="space-y-4">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-primary-foreground/90">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-primary-foreground/70 text-sm">Built for property managers and their teams.</p>
    </aside>
  );
}
