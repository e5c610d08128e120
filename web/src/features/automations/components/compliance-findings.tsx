import { COMPLIANCE_KIND_LABELS, type DraftCompliance, PROTECTED_CLASS_LABELS } from '@helixis/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';

/**
 * What the outbound-compliance check found in a draft (issue 30): each finding with its kind, the
 * protected class where there is one, the words it fired on and the reason. Shown on the Approvals page.
 */
export function ComplianceFindings({ compliance }: { compliance: DraftCompliance | null }) {
  if (!compliance) return null;
  if (compliance.findings.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-muted-foreground text-xs" data-testid="compliance-clear">
        <ShieldCheck aria-hidden="true" className="size-4 text-success" /> Compliance check passed (rules{' '}
        {compliance.version})
      </p>
    );
  }
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
      aria-label="Compliance findings"
      data-testid="compliance-findings"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
        {compliance.findings.length === 1
          ? '1 compliance finding'
          : `${compliance.findings.length} compliance findings`}{' '}
        — this draft will not be sent automatically
      </p>
      <ul className="flex flex-col gap-1.5">
        {compliance.findings.map((f) => (
          <li key={`${f.rule}|${f.excerpt}`} className="flex flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-1.5 text-xs">
              <span className="rounded bg-amber-200 px-1.5 py-0.5 font-medium">{COMPLIANCE_KIND_LABELS[f.kind]}</span>
              {f.class && <span className="rounded bg-white/70 px-1.5 py-0.5">{PROTECTED_CLASS_LABELS[f.class]}</span>}
              <mark className="break-words rounded bg-amber-200/70 px-1">{f.excerpt}</mark>
            </span>
            <span className="break-words">{f.reason}</span>
          </li>
        ))}
      </ul>
      {compliance.acknowledged_at && (
        <p className="text-xs">Acknowledged {new Date(compliance.acknowledged_at).toLocaleString()}</p>
      )}
      <p className="text-amber-900/80 text-xs">Checked with rules {compliance.version}.</p>
    </section>
  );
}
