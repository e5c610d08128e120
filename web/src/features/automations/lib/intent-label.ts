/**
 * An intent identifier as the owner reads it: pricing_question → "Pricing question". The identifier
 * stays what rules and approvals store; only its display changes (decision 033).
 */
export function intentLabel(intent: string): string {
  const words = intent.trim().replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  if (!words) return intent;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
