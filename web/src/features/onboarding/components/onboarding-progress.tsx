/** 'Step n of 3' with a bar. */
export function OnboardingProgress({ step, percent, label }: { step: number; percent: number; label?: string }) {
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-muted-foreground text-xs">
        <span>
          Step {step} of 3{label ? ` · ${label}` : ''}
        </span>
        <span>{Math.round(percent)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
